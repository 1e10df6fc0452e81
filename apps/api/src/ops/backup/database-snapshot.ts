import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { runPostgresTool } from './postgres-tools.ts';
import { snapshotFacts, type SnapshotFacts } from './snapshot-facts.ts';

export const SQLITE_FILE = 'ballot-atlas.sqlite';
/** Where each engine's snapshot goes in a backup folder. */
export const SNAPSHOT_PATHS = { sqlite: `database/${SQLITE_FILE}`, postgres: 'database/postgres.sql' } as const;

export interface DatabaseSnapshot {
  /** Relative to the backup folder. */
  file: string;
  facts: SnapshotFacts;
}

/**
 * SQLite's online backup API, all pages in one step: one read transaction, so the copy is the
 * database at one moment, and (in WAL mode) the server goes on writing meanwhile.
 */
export async function snapshotSqlite(dataDir: string, backupDir: string): Promise<DatabaseSnapshot> {
  const target = join(backupDir, SNAPSHOT_PATHS.sqlite);
  await mkdir(join(backupDir, 'database'), { recursive: true, mode: 0o700 });
  const live = new Database(join(dataDir, SQLITE_FILE), { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 10000');
    await live.backup(target, { progress: () => 2 ** 31 - 1 });
  } finally {
    live.close();
  }
  await chmod(target, 0o600);
  const copy = new Database(target);
  try {
    // A standalone file: no -wal or -shm beside it (the server turns WAL back on when it opens a restored copy).
    copy.pragma('journal_mode = DELETE');
    const facts = await snapshotFacts(async (sql) => copy.prepare(sql).all() as Record<string, unknown>[]);
    return { file: SNAPSHOT_PATHS.sqlite, facts };
  } finally {
    copy.close();
  }
}

/**
 * pg_dump of the configured schema, in a snapshot this process exports and reads its facts in:
 * the dump and the facts (which files the backup must hold) are the same moment of the database.
 */
export async function snapshotPostgres(url: string, schema: string, backupDir: string): Promise<DatabaseSnapshot> {
  await mkdir(join(backupDir, 'database'), { recursive: true, mode: 0o700 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const exported = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    await client.query(`set local search_path to "${schema.replaceAll('"', '""')}"`);
    const facts = await snapshotFacts(async (sql) => (await client.query(sql)).rows);
    const args = ['--snapshot', exported, '--schema', `"${schema.replaceAll('"', '""')}"`, '--no-owner', '--no-privileges', '--format', 'plain'];
    await runPostgresTool('pg_dump', args, url, { outputFile: join(backupDir, SNAPSHOT_PATHS.postgres) });
    await client.query('commit');
    return { file: SNAPSHOT_PATHS.postgres, facts };
  } finally {
    await client.end();
  }
}
