import pg from 'pg';
import { DEFAULT_CONNECT_TIMEOUT_MS, DatabaseUnavailableError } from './dialects/outage.ts';
import type { StartupLock } from './startup-lock-handle.ts';

/** The advisory-lock key space of start-up, beside the schema's own key, so other users of advisory locks are not blocked. */
const STARTUP_KEY = 'ballot-atlas start-up';

/**
 * A session-level `pg_advisory_lock` on its own connection, keyed by the schema name: projects in
 * two schemas start independently. The server drops the lock with the connection if the process dies.
 */
export async function holdPostgresStartupLock(url: string, schema: string, connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS, onWait: () => void): Promise<StartupLock> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, application_name: 'ballot-atlas start-up lock' });
  // An error on an idle client is emitted, not thrown; the lock is gone with the connection either way.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new DatabaseUnavailableError(error instanceof Error ? error.message : String(error));
  }
  const keys = [STARTUP_KEY, schema];
  try {
    const tried = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1), hashtext($2)) as locked', keys);
    if (!tried.rows[0]?.locked) {
      onWait();
      await client.query('select pg_advisory_lock(hashtext($1), hashtext($2))', keys);
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return {
    async release() {
      // Closing the session releases the lock; unlocking first frees it even if the close is slow.
      await client.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', keys).catch(() => {});
      await client.end().catch(() => {});
    },
  };
}
