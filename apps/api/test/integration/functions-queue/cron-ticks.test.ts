// Cron: two servers on one PostgreSQL database run each tick of a function's schedule once. Their
// shared clock runs sixty times fast, so a minute's tick comes every second.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaFileWithFunctions } from '../../support/schema-variants.ts';
import { newTestStorage, postgresAvailable, removeTestData, startTestServer, type TestServer } from '../../support/test-server.ts';

const SCHEMA_FILE = schemaFileWithFunctions([{ $id: 'ticker', name: 'Ticker', execute: [], schedule: '* * * * *', timeout: 120 }]);
const postgresUp = await postgresAvailable();

describe.skipIf(!postgresUp)('cron ticks with two servers [postgres]', () => {
  const storage = newTestStorage();
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    await removeTestData('postgres', storage);
  });

  it('each tick is enqueued and run once, whichever server sees it first', async () => {
    const started = Date.now();
    const clock = { now: () => started + (Date.now() - started) * 60 };
    for (let index = 0; index < 2; index++) {
      servers.push(await startTestServer({ engine: 'postgres', ...storage, keepData: true, env: { SCHEMA_FILE, JOBS_POLL_MS: '50' }, appOptions: { clock } }));
    }
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const server of servers) await server.app.services.functions.cron.stop();
    const db = servers[0]!.app.services.dialect.db;
    const ticks = (await sql<{ tick_at: string; job_id: string }>`select tick_at, job_id from _cron_ticks where function_id = 'ticker' order by tick_at`.execute(db)).rows;
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    // One tick per minute of the fast clock, none twice.
    const minutes = ticks.map((tick) => Number(tick.tick_at) / 60_000);
    expect(new Set(minutes).size).toBe(minutes.length);
    minutes.slice(1).forEach((minute, index) => expect(minute - minutes[index]!).toBe(1));
    const { executions } = await servers[0]!.app.services.functions.executions.list({ admin: true, userId: null, roles: ['any'], signedIn: null }, 'ticker', { queries: ['{"method":"limit","values":[100]}'] }, true);
    expect(executions.map((execution) => execution.$id).sort()).toEqual(ticks.map((tick) => tick.job_id).sort());
    expect(executions.every((execution) => execution.trigger === 'schedule' && execution.requestMethod === 'POST' && execution.requestPath === '/')).toBe(true);
  }, 30_000);
});
