// `begin immediate` while another connection (another WORKERS process) holds SQLite's write lock:
// within the tries, the transaction waits and commits; past them, it is a 503, never a raw SQLITE_BUSY.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from './outage.ts';
import { openSqlite } from './sqlite.ts';

const BUSY_TIMEOUT_MS = 150;
const HOLDER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const database = new Database(workerData.file);
database.exec('begin immediate');
database.exec('insert into t values (1)');
parentPort.postMessage('locked');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
database.exec('commit');
database.close();
`;

/** Another connection, on its own thread, holding the write lock for `holdMs`. */
async function holdWriteLock(file: string, holdMs: number): Promise<Worker> {
  const worker = new Worker(HOLDER, { eval: true, workerData: { file, holdMs, module: createRequire(import.meta.url).resolve('better-sqlite3') } });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return worker;
}

describe('SQLite begin immediate under another writer', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function freshFile(): string {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-begin-'));
    const file = join(dir, 'db.sqlite');
    const setup = new Database(file);
    setup.pragma('journal_mode = WAL');
    setup.exec('create table t (v integer)');
    setup.close();
    return file;
  }

  it('waits through more than one busy timeout and commits', async () => {
    const file = freshFile();
    const holder = await holdWriteLock(file, BUSY_TIMEOUT_MS * 2);
    const dialect = openSqlite(file, { connectTimeoutMs: BUSY_TIMEOUT_MS });
    try {
      await dialect.db.transaction().execute((trx) => sql`insert into t values (2)`.execute(trx));
      const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(dialect.db);
      expect(rows.rows[0]!.n).toBe(2);
    } finally {
      await dialect.close();
      await holder.terminate();
    }
  });

  it('past its tries, answers 503 general_service_unavailable', async () => {
    const file = freshFile();
    const holder = await holdWriteLock(file, BUSY_TIMEOUT_MS * 8);
    const dialect = openSqlite(file, { connectTimeoutMs: BUSY_TIMEOUT_MS });
    try {
      const failure = await dialect.db.transaction().execute((trx) => sql`insert into t values (2)`.execute(trx)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect((failure as DatabaseUnavailableError).code).toBe(503);
    } finally {
      await dialect.close();
      await holder.terminate();
    }
  });
});
