import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { StartupLock } from './startup-lock-handle.ts';

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Runs in a worker thread, because a waiting `begin exclusive` blocks its thread: tries the
 * exclusive lock at once, says `waiting` if another connection holds it, then waits (SQLite's busy
 * handler) and says `held`; on any message it rolls back, closes and ends.
 */
const LOCK_HOLDER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
try {
  const database = new Database(workerData.file, { timeout: 0 });
  try {
    database.exec('begin exclusive');
  } catch (error) {
    if (!String(error && error.code).startsWith('SQLITE_BUSY')) throw error;
    parentPort.postMessage({ state: 'waiting' });
    database.pragma('busy_timeout = 2147483647');
    database.exec('begin exclusive');
  }
  parentPort.postMessage({ state: 'held' });
  parentPort.once('message', () => {
    database.exec('rollback');
    database.close();
    parentPort.close();
  });
} catch (error) {
  parentPort.postMessage({ state: 'failed', message: error && error.message ? error.message : String(error) });
  parentPort.close();
}
`;

type HolderMessage = { state: 'waiting' | 'held' } | { state: 'failed'; message: string };

/**
 * An exclusive transaction on a small database of its own beside the data: SQLite's file lock,
 * which the operating system drops when the process ends, however it ends. Serialises processes
 * (and cluster workers) sharing one DATA_DIR; no lock file to find stale.
 */
export function holdSqliteStartupLock(file: string, onWait: () => void): Promise<StartupLock> {
  const worker = new Worker(LOCK_HOLDER, { eval: true, workerData: { driver: BETTER_SQLITE3, file } });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return new Promise<StartupLock>((resolve, reject) => {
    worker.once('error', reject);
    void exited.then(() => reject(new Error(`the start-up lock on ${file} ended before it was held`)));
    worker.on('message', (message: HolderMessage) => {
      if (message.state === 'waiting') onWait();
      else if (message.state === 'failed') reject(new Error(`start-up lock on ${file}: ${message.message}`));
      else
        resolve({
          async release() {
            worker.postMessage('release');
            await exited;
          },
        });
    });
  });
}
