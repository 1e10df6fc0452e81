import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { holdPostgresStartupLock } from './startup-lock-postgres.ts';
import { holdSqliteStartupLock } from './startup-lock-sqlite.ts';
import type { StartupLock } from './startup-lock-handle.ts';

export type StartupLockConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'> & Partial<Pick<Config, 'databaseConnectTimeoutMs'>>;

/** Beside the SQLite database in DATA_DIR; it holds no data, only the lock. */
export const SQLITE_STARTUP_LOCK_FILE = 'ballot-atlas.startup-lock.sqlite';

/**
 * Waits until no other process is starting on the same data, then holds the lock: processes on one
 * PostgreSQL schema (any machine) or one SQLite DATA_DIR (one machine) start one after the other,
 * so schema changes do not race and the demo seed runs once. `onWait` is called once if another
 * process holds it.
 */
export function acquireStartupLock(config: StartupLockConfig, onWait: (message: string) => void): Promise<StartupLock> {
  if (config.databaseUrl) {
    return holdPostgresStartupLock(config.databaseUrl, config.databaseSchema, config.databaseConnectTimeoutMs, () => onWait(`start-up: waiting for another process starting on PostgreSQL schema "${config.databaseSchema}"`));
  }
  // The first start on a new DATA_DIR takes the lock before connectDatabase would make the folder.
  mkdirSync(config.dataDir, { recursive: true });
  return holdSqliteStartupLock(join(config.dataDir, SQLITE_STARTUP_LOCK_FILE), () => onWait(`start-up: waiting for another process starting on ${config.dataDir}`));
}
