/**
 * DATABASE_POOL_SIZE on a real PostgreSQL: a process never holds more connections than it says,
 * and statements beyond it wait for a free connection rather than opening more.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../src/db/connect.ts';
import type { SqlDialect } from '../../../src/db/dialect.ts';
import { newTestStorage, POSTGRES_URL, postgresAvailable, removeTestData } from '../../support/test-server.ts';

const postgresUp = await postgresAvailable();

describe.skipIf(!postgresUp)('DATABASE_POOL_SIZE [postgres]', () => {
  const storage = newTestStorage();
  const applicationName = `pool_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let dialect: SqlDialect;
  beforeAll(async () => {
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('application_name', applicationName);
    dialect = await connectDatabase({ dataDir: storage.dataDir, databaseUrl: url.toString(), databaseSchema: storage.pgSchema, databasePoolSize: 3 });
  });
  afterAll(async () => {
    await dialect?.close();
    await removeTestData('postgres', storage);
  });

  it('nine concurrent 300 ms statements on a pool of 3: at most 3 connections, three waves', async () => {
    const observer = new pg.Client({ connectionString: POSTGRES_URL });
    await observer.connect();
    let most = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const { rows } = await observer.query('select count(*)::int as open from pg_stat_activity where application_name = $1', [applicationName]);
        most = Math.max(most, rows[0].open);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const started = performance.now();
    await Promise.all(Array.from({ length: 9 }, () => sql`select pg_sleep(0.3)`.execute(dialect.db)));
    const elapsed = performance.now() - started;
    watching = false;
    await watch;
    await observer.end();
    expect(most).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(880);
  });
});
