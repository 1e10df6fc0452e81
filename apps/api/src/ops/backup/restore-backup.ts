import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { isAbsolute, join, normalize, resolve } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { BackupError, readManifest, type BackupManifest } from './backup-manifest.ts';
import type { BackupConfig } from './create-backup.ts';
import { SQLITE_FILE } from './database-snapshot.ts';
import { filesUnder, sha256Of, sizeOf } from './file-tree.ts';
import { concatenated, runPostgresTool } from './postgres-tools.ts';

export interface RestoreOptions {
  config: BackupConfig;
  from: string;
  /** Replace a database and file store that already hold data. */
  force: boolean;
  log?(line: string): void;
}

/** Every file the manifest lists is there, inside the backup folder, with its size and sha-256; else names the first that is not. */
export async function verifyBackup(from: string): Promise<BackupManifest> {
  const folder = resolve(from);
  const manifest = await readManifest(folder);
  for (const file of manifest.files) {
    if (isAbsolute(file.path) || normalize(file.path).startsWith('..')) throw new BackupError(`manifest.json lists ${file.path}, outside the backup.`);
    const path = join(folder, file.path);
    const size = await sizeOf(path);
    if (size === undefined) throw new BackupError(`${file.path} is missing from the backup.`);
    if (size !== file.size || (await sha256Of(path)) !== file.sha256) throw new BackupError(`${file.path} is damaged: its checksum does not match the manifest.`);
  }
  if (!manifest.files.some((file) => file.path === manifest.database.file)) throw new BackupError(`manifest.json does not list the database snapshot ${manifest.database.file}.`);
  return manifest;
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

async function schemaState(url: string, schema: string): Promise<'missing' | 'empty' | 'holds data'> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
    if (exists.rowCount === 0) return 'missing';
    const tables = await client.query('select 1 from pg_tables where schemaname = $1 limit 1', [schema]);
    return tables.rowCount === 0 ? 'empty' : 'holds data';
  } finally {
    await client.end();
  }
}

/**
 * Replays the dump in one transaction. The dump creates the schema it was taken from; restoring
 * under another name renames it afterwards, moving a schema of that name aside for the moment
 * (inside the transaction, so other sessions never see it moved).
 */
async function restorePostgres(url: string, target: string, manifest: BackupManifest, dump: string): Promise<void> {
  const source = manifest.database.schema!;
  const hold = `${source.slice(0, 48)}_hold_${randomBytes(4).toString('hex')}`;
  const sourceInTheWay = source !== target && (await schemaState(url, source)) !== 'missing';
  const before = [`drop schema if exists ${quoted(target)} cascade;`, ...(sourceInTheWay ? [`alter schema ${quoted(source)} rename to ${quoted(hold)};`] : [])];
  const after = source === target ? [] : [`alter schema ${quoted(source)} rename to ${quoted(target)};`, ...(sourceInTheWay ? [`alter schema ${quoted(hold)} rename to ${quoted(source)};`] : [])];
  const input = Readable.from(concatenated([{ text: `${before.join('\n')}\n` }, { file: dump }, { text: `\n${after.join('\n')}\n` }]));
  await runPostgresTool('psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1'], url, { input });
}

/** Puts the SQLite snapshot in place (written aside, then renamed over); the old journal files go with the old database. */
async function restoreSqlite(dataDir: string, snapshot: string): Promise<void> {
  const target = join(dataDir, SQLITE_FILE);
  await copyFile(snapshot, `${target}.restoring`);
  for (const stale of ['-wal', '-shm', '-journal']) await rm(`${target}${stale}`, { force: true });
  await rename(`${target}.restoring`, target);
}

async function holdsFiles(folder: string): Promise<boolean> {
  return (await filesUnder(folder)).length > 0;
}

/**
 * Verifies a backup, then restores it into the configured database and DATA_DIR/storage, which
 * must be empty unless `force`. Stop the server first: a server running on the old data would
 * keep writing it.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { config } = options;
  const log = options.log ?? (() => {});
  const from = resolve(options.from);
  const manifest = await verifyBackup(from);
  log(`${manifest.files.length} files verified against manifest.json`);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine) throw new BackupError(`the backup is of a ${manifest.engine} database but the configuration names ${engine} (${engine === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}).`);
  if (manifest.projectId !== config.projectId) throw new BackupError(`the backup is of project "${manifest.projectId}" but PROJECT_ID is "${config.projectId}".`);

  const storageDir = join(config.dataDir, 'storage');
  const databaseHoldsData = engine === 'postgres' ? (await schemaState(config.databaseUrl!, config.databaseSchema)) === 'holds data' : (await sizeOf(join(config.dataDir, SQLITE_FILE))) !== undefined;
  if (!options.force && (databaseHoldsData || (await holdsFiles(storageDir)))) {
    const where = engine === 'postgres' ? `schema "${config.databaseSchema}"` : join(config.dataDir, SQLITE_FILE);
    throw new BackupError(`the target is not empty (${databaseHoldsData ? where : storageDir} holds data): restore into an empty one, or pass --force to replace it.`);
  }

  await mkdir(config.dataDir, { recursive: true });
  const incoming = `${storageDir}.restoring`;
  await rm(incoming, { recursive: true, force: true });
  await mkdir(incoming, { recursive: true, mode: 0o700 });
  try {
    for (const file of manifest.files.filter((entry) => entry.path.startsWith('storage/'))) {
      const destination = join(incoming, file.path.slice('storage/'.length));
      await mkdir(join(destination, '..'), { recursive: true });
      await copyFile(join(from, file.path), destination);
    }
    if (engine === 'postgres') await restorePostgres(config.databaseUrl!, config.databaseSchema, manifest, join(from, manifest.database.file));
    else await restoreSqlite(config.dataDir, join(from, manifest.database.file));
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw error;
  }
  await rm(storageDir, { recursive: true, force: true });
  await rename(incoming, storageDir);
  // Previews are rebuilt from the restored files on demand.
  await rm(join(config.dataDir, 'cache', 'previews'), { recursive: true, force: true });
  log(`restored ${Object.entries(manifest.counts).reduce((sum, [, count]) => sum + count, 0)} records and ${manifest.files.length - 1} stored files from ${manifest.createdAt}`);
  return manifest;
}

