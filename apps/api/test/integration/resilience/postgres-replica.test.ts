/**
 * Issue 16 item 4 with a REAL streaming standby (support/pg-standby.ts) replaying 3 s behind its
 * primary, and two server processes sharing Redis: hot reads go to the standby, a session reads
 * its own write at once on either process, a different visitor reads the old value from the
 * standby within the delay and the new one after it; the standby going away sends reads to the
 * primary (one log line, no 5xx); and, when the primary is a cluster of the set-up's own, a real
 * restart of the primary (connections refused, then back) costs 503s while it lasts and nothing after.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoggedServer, type LoggedServer } from '../../support/logged-process.ts';
import { SESSION_COOKIE, signUpAndIn, type SignedIn } from '../../support/outage-checks.ts';
import { startStandbyPair } from '../../support/pg-standby.ts';
import { sleep } from '../../support/raw-http.ts';
import { DOCUMENTS } from '../../support/scenario.ts';
import { postgresAvailable, TEST_API_KEY, TEST_PROJECT } from '../../support/test-server.ts';

const APPLY_DELAY_MS = 3_000;
const pair = (await postgresAvailable()) ? await startStandbyPair({ applyDelay: `${APPLY_DELAY_MS}ms` }) : { unavailable: 'no PostgreSQL answers' };
if ('unavailable' in pair) console.warn(`[postgres-replica] skipped: ${pair.unavailable}`);
const standby = 'unavailable' in pair ? undefined : pair;
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const operator = { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY, 'content-type': 'application/json' };
const guest = { 'X-Appwrite-Project': TEST_PROJECT };
const asUser = (user: SignedIn) => ({ 'X-Appwrite-Project': TEST_PROJECT, Cookie: `${SESSION_COOKIE}=${encodeURIComponent(user.token)}`, 'content-type': 'application/json' });

async function titleOf(server: LoggedServer, documentId: string, headers: Record<string, string>): Promise<string | number> {
  const response = await fetch(`${server.url}${DOCUMENTS}/${documentId}`, { headers });
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { title: string }).title;
}

async function query<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}

/** Until the standby has replayed everything the primary has written so far. */
async function standbyCaughtUp(): Promise<void> {
  const { lsn } = await query<{ lsn: string }>(standby!.primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
  for (let waited = 0; waited < 30_000; waited += 200) {
    const { behind } = await query<{ behind: boolean }>(standby!.standbyUrl, `select pg_last_wal_replay_lsn() < '${lsn}'::pg_lsn as behind`);
    if (!behind) return;
    await sleep(200);
  }
  throw new Error('the standby did not catch up');
}

describe.skipIf(!standby)('PostgreSQL read replica [postgres]', () => {
  let first: LoggedServer;
  let second: LoggedServer;
  beforeAll(async () => {
    const env = { DATABASE_URL: standby!.primaryUrl, DATABASE_REPLICA_URL: standby!.standbyUrl, REDIS_URL, DATABASE_CONNECT_TIMEOUT_MS: '1000' };
    first = await startLoggedServer('postgres', { env });
    second = await startLoggedServer('postgres', { env, pgSchema: first.pgSchema, keepData: true });
    await standbyCaughtUp();
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await standby?.close();
  });

  it('a session reads its write at once on either process; another visitor reads the standby: the old value within the delay, the new one after it', async () => {
    const created = await fetch(first.url + DOCUMENTS, { method: 'POST', headers: operator, body: JSON.stringify({ documentId: 'lagged', data: { title: 'old' } }) });
    expect(created.status).toBe(201);
    const user = await signUpAndIn(first.url, 'replica writer');
    await standbyCaughtUp();
    expect(await titleOf(second, 'lagged', guest)).toBe('old');

    const updated = await fetch(`${first.url}${DOCUMENTS}/lagged`, { method: 'PATCH', headers: asUser(user), body: JSON.stringify({ data: { title: 'new' } }) });
    const writtenAt = Date.now();
    expect(updated.status).toBe(200);
    // The writer, on the process it wrote through and on the other one (positions shared through Redis).
    expect(await titleOf(first, 'lagged', asUser(user))).toBe('new');
    expect(await titleOf(second, 'lagged', asUser(user))).toBe('new');
    // A different visitor, within the delay: the standby has not applied the commit yet.
    const early = [await titleOf(first, 'lagged', guest), await titleOf(second, 'lagged', guest)];
    const earlyMs = Date.now() - writtenAt;
    expect(earlyMs, 'the early reads ran within the apply delay').toBeLessThan(APPLY_DELAY_MS);
    expect(early).toEqual(['old', 'old']);
    // And after it.
    let late: string | number = 'old';
    for (let waited = 0; late === 'old' && waited < 20_000; waited += 100) {
      await sleep(100);
      late = await titleOf(second, 'lagged', guest);
    }
    const seenAfterMs = Date.now() - writtenAt;
    console.log(`[postgres-replica] writer read its write at once; a guest read the old value ${earlyMs} ms after the write and the new one ${seenAfterMs} ms after it (apply delay ${APPLY_DELAY_MS} ms)`);
    expect(late).toBe('new');
    expect(seenAfterMs).toBeGreaterThanOrEqual(APPLY_DELAY_MS - 500);
  });

  it('without Redis, positions are kept in the process: the writer reads its write at once there', async () => {
    const alone = await startLoggedServer('postgres', { env: { DATABASE_URL: standby!.primaryUrl, DATABASE_REPLICA_URL: standby!.standbyUrl }, pgSchema: first.pgSchema, keepData: true });
    try {
      const user = await signUpAndIn(alone.url, 'replica writer alone');
      await standbyCaughtUp();
      const updated = await fetch(`${alone.url}${DOCUMENTS}/lagged`, { method: 'PATCH', headers: asUser(user), body: JSON.stringify({ data: { title: 'in memory' } }) });
      expect(updated.status).toBe(200);
      expect(await titleOf(alone, 'lagged', asUser(user))).toBe('in memory');
      expect(await titleOf(alone, 'lagged', guest)).not.toBe('in memory');
    } finally {
      await alone.stop();
    }
    await standbyCaughtUp();
    await fetch(`${first.url}${DOCUMENTS}/lagged`, { method: 'PATCH', headers: operator, body: JSON.stringify({ data: { title: 'new' } }) }).then((response) => response.arrayBuffer());
    await standbyCaughtUp();
  });

  it('the standby stopped: reads go to the primary (no 5xx, one log line), and back to the standby once it returns', async () => {
    await standby!.stop('standby');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        for (const server of [first, second]) {
          const response = await fetch(`${server.url}${DOCUMENTS}/lagged`, { headers: guest });
          statuses.push(response.status);
          await response.arrayBuffer();
        }
        await sleep(50);
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      for (const server of [first, second]) expect(server.output().match(/read replica unavailable, reads go to the primary/g)).toHaveLength(1);
    } finally {
      await standby!.start('standby');
    }
    await standbyCaughtUp();
    for (const server of [first, second]) {
      for (let waited = 0; !/read replica available again after \d+ ms/.test(server.output()) && waited < 15_000; waited += 200) await sleep(200);
      expect(server.output()).toMatch(/read replica available again after \d+ ms/);
    }
    const lines = first.logLines().filter((line) => /read replica/.test(String(line['msg'])));
    expect(lines.map((line) => line['level'])).toEqual([40, 30]);
    expect(await titleOf(first, 'lagged', guest)).toBe('new');
  });

  it.skipIf(standby?.primaryKind !== 'own')('the primary restarted for real (pg_ctl stop, then start): 503s while it is down, then every request succeeds, with no server restart', async () => {
    await standby!.stop('primary');
    let duringDown: number;
    try {
      const response = await fetch(`${first.url}${DOCUMENTS}`, { method: 'POST', headers: operator, body: JSON.stringify({ documentId: 'while-down', data: { title: 'x' } }) });
      duringDown = response.status;
      const body = (await response.json()) as { type: string };
      expect(body.type).toBe('general_service_unavailable');
    } finally {
      await sleep(1_000);
      await standby!.start('primary');
    }
    expect(duringDown).toBe(503);
    const restartedAt = Date.now();
    let status = 0;
    while (status !== 201 && Date.now() - restartedAt < 10_000) {
      const response = await fetch(`${first.url}${DOCUMENTS}`, { method: 'POST', headers: operator, body: JSON.stringify({ documentId: `after-${Date.now()}`, data: { title: 'x' } }) });
      status = response.status;
      await response.arrayBuffer();
      if (status !== 201) await sleep(100);
    }
    console.log(`[postgres-replica] primary restart: writes back ${Date.now() - restartedAt} ms after pg_ctl start returned`);
    expect(status).toBe(201);
    for (const server of [first, second]) expect(server.running()).toBe(true);
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${second.url}${DOCUMENTS}/lagged`, { headers: asUser(await signUpAndIn(second.url, `after restart ${i}`)) });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });
});
