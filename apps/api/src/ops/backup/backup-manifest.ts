import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChecksummedFile } from './file-tree.ts';

export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'ballot-atlas-backup/1';

/** `manifest.json`, written last: a folder without it is not a finished backup. */
export interface BackupManifest {
  format: typeof FORMAT;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  projectId: string;
  /** sha-256 of the collection definitions the database was built with. */
  schemaVersion: string;
  database: {
    /** The snapshot, relative to the backup folder. */
    file: string;
    /** PostgreSQL: the schema it was dumped from. */
    schema?: string;
  };
  /** Documents per collection (`databaseId/collectionId`; buckets under `_files`, teams under `_teams`) and `_auth/users`. */
  counts: Record<string, number>;
  /** Every file of the backup but this one, with its size and sha-256. */
  files: ChecksummedFile[];
}

export class BackupError extends Error {}

export function newManifest(fields: Omit<BackupManifest, 'format'>): BackupManifest {
  return { format: FORMAT, ...fields };
}

export async function writeManifest(backupDir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(join(backupDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export async function readManifest(backupDir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(backupDir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${join(backupDir, MANIFEST_FILE)} is missing: ${backupDir} is not a finished backup.`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError(`${MANIFEST_FILE} is damaged (not valid JSON).`);
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.files) || !manifest.database?.file) {
    throw new BackupError(`${MANIFEST_FILE} is not a ${FORMAT} manifest.`);
  }
  return manifest;
}
