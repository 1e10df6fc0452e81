import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { instanceName, THIS_PROCESS } from '../../services/storage/process-instance.ts';
import { BackupError, newManifest, writeManifest, type BackupManifest } from './backup-manifest.ts';
import { snapshotPostgres, snapshotSqlite, type DatabaseSnapshot } from './database-snapshot.ts';
import { linkFileStore, reconcile } from './file-store-snapshot.ts';
import { copyChecksummed, filesUnder, sha256Of, sizeOf } from './file-tree.ts';

export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema' | 'projectId' | 'storage'>;

export interface BackupOptions {
  config: BackupConfig;
  /** A new or empty folder. */
  to: string;
  /** Snapshots taken before giving up when files keep being deleted under the backup. */
  attempts?: number;
  log?(line: string): void;
}

async function isEmptyOrMissing(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * A consistent backup of a running (or stopped) server: the database at one moment, the stored
 * files that moment refers to, and a manifest with counts and checksums. Steps: hard-link the file
 * store aside; snapshot the database; fill in and trim the linked copy to exactly what the
 * snapshot refers to (retrying with a new snapshot if something it needs was deleted meanwhile);
 * copy it out with checksums; write the manifest last.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const { config } = options;
  const target = resolve(options.to);
  const log = options.log ?? (() => {});
  if (config.storage.kind === 's3') throw new BackupError('STORAGE_URL is set: the files are in the S3 bucket, which this command cannot snapshot with the database. Use the store\'s versioning or replication, or copy the bucket to disk (npm run storage:migrate -- --to disk), unset STORAGE_URL and back up then.');
  if (!(await isEmptyOrMissing(target))) throw new BackupError(`${target} is not empty: back up into a new folder.`);
  await mkdir(target, { recursive: true, mode: 0o700 });
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const storageDir = join(config.dataDir, 'storage');
  // This process's scratch folder beside the data (same disk, so links work); a server sweeps it if this process dies.
  const scratch = join(config.dataDir, 'tmp', instanceName(THIS_PROCESS));
  const staging = join(scratch, 'backup');
  const attempts = options.attempts ?? 5;
  try {
    let snapshot: DatabaseSnapshot | undefined;
    for (let attempt = 1; !snapshot; attempt++) {
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { recursive: true });
      await linkFileStore(storageDir, staging);
      const taken = engine === 'postgres' ? await snapshotPostgres(config.databaseUrl!, config.databaseSchema, target) : await snapshotSqlite(config.dataDir, target);
      const missing = await reconcile(storageDir, staging, taken.facts.needed);
      if (missing.length === 0) snapshot = taken;
      else if (attempt >= attempts) throw new BackupError(`stored files kept disappearing under the backup (${missing.length} in the last of ${attempts} attempts, e.g. ${missing[0]}); try again.`);
      else log(`attempt ${attempt}: ${missing.length} file(s) deleted while the snapshot was taken; taking another`);
    }
    const files = [{ path: snapshot.file, size: (await sizeOf(join(target, snapshot.file)))!, sha256: await sha256Of(join(target, snapshot.file)) }];
    for (const path of (await filesUnder(staging)).sort()) files.push(await copyChecksummed(join(staging, path), join(target, 'storage', path), `storage/${path}`));
    const manifest = newManifest({
      createdAt: new Date().toISOString(),
      engine,
      projectId: config.projectId,
      schemaVersion: snapshot.facts.schemaVersion,
      database: { file: snapshot.file, ...(engine === 'postgres' ? { schema: config.databaseSchema } : {}) },
      counts: snapshot.facts.counts,
      files,
    });
    await writeManifest(target, manifest);
    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
