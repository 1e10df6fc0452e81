/**
 * Issue 16 item 4: serialization failures and deadlocks (SQLSTATE 40001, 40P01) are retried at
 * the transaction boundary (db/dialects/transaction-retry.ts), on a real PostgreSQL: two
 * transactions provoked into a real deadlock and into a real write-skew serialization failure
 * both commit, and an HTTP request that PostgreSQL picks as a deadlock's victim still answers 200
 * (the retry logged at debug).
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../src/db/connect.ts';
import type { SqlDialect } from '../../../src/db/dialect.ts';
import { RetryingKysely } from '../../../src/db/dialects/transaction-retry.ts';
import { collectionTables } from '../../../src/db/physical-names.ts';
import { OUTBOX_TABLE } from '../../../src/events/outbox-tables.ts';
import { startLoggedServer, type LoggedServer } from '../../support/logged-process.ts';
import { sleep } from '../../support/raw-http.ts';
import { DOCUMENTS } from '../../support/scenario.ts';
import { newTestStorage, POSTGRES_URL, postgresAvailable, removeTestData, TEST_API_KEY, TEST_PROJECT } from '../../support/test-server.ts';

const postgresUp = await postgresAvailable();

/** Resolves for both parties once both have arrived (only on their first try: a retry runs straight through). */
function rendezvous(): (first: boolean) => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const both = new Promise<void>((resolve) => (release = resolve));
  return async (first) => {
    if (!first) return;
    if (++arrived === 2) release();
    await both;
  };
}

describe.skipIf(!postgresUp)('transaction retries [postgres]', () => {
  describe('two transactions of one process', () => {
    const storage = newTestStorage();
    const logged: string[] = [];
    let dialect: SqlDialect;
    let db: Kysely<any>;
    beforeAll(async () => {
      dialect = await connectDatabase({ dataDir: storage.dataDir, databaseUrl: POSTGRES_URL, databaseSchema: storage.pgSchema }, (level, message) => logged.push(`${level} ${message}`));
      db = dialect.db;
      await sql`create table counters (id int primary key, v int not null)`.execute(db);
      await sql`insert into counters values (1, 0), (2, 0)`.execute(db);
    });
    afterAll(async () => {
      await dialect?.close();
      await removeTestData('postgres', storage);
    });

    it('a deadlock (rows locked in opposite orders): both transactions commit, one of them on a second try', async () => {
      const retriesBefore = (db as RetryingKysely<any>).retries.retried;
      const bothHoldTheirFirstRow = rendezvous();
      const tries = { a: 0, b: 0 };
      const lockInOrder = (name: 'a' | 'b', first: number, second: number) =>
        db.transaction().execute(async (trx) => {
          tries[name]++;
          await sql`update counters set v = v + 1 where id = ${first}`.execute(trx);
          await bothHoldTheirFirstRow(tries[name] === 1);
          await sql`update counters set v = v + 1 where id = ${second}`.execute(trx);
        });
      await Promise.all([lockInOrder('a', 1, 2), lockInOrder('b', 2, 1)]);
      const { rows } = await sql<{ id: number; v: number }>`select id, v from counters order by id`.execute(db);
      expect(rows).toEqual([{ id: 1, v: 2 }, { id: 2, v: 2 }]);
      expect(tries.a + tries.b, 'one transaction ran twice').toBe(3);
      expect((db as RetryingKysely<any>).retries.retried - retriesBefore).toBe(1);
      expect(logged.join('\n')).toMatch(/^debug transaction retried after 40P01 \(try 2 of 5, in \d+ ms\)$/m);
    });

    it('a serialization failure (write skew under SERIALIZABLE): both commit, one on a second try', async () => {
      await sql`update counters set v = 0`.execute(db);
      const bothHaveRead = rendezvous();
      const tries = { a: 0, b: 0 };
      // Each moves the total of both rows onto its own row: serially the second sees the first's result.
      const moveTotal = (name: 'a' | 'b', id: number) =>
        db
          .transaction()
          .setIsolationLevel('serializable')
          .execute(async (trx) => {
            tries[name]++;
            const { rows } = await sql<{ total: number }>`select sum(v) + 1 as total from counters`.execute(trx);
            await bothHaveRead(tries[name] === 1);
            await sql`update counters set v = ${rows[0]!.total} where id = ${id}`.execute(trx);
          });
      await Promise.all([moveTotal('a', 1), moveTotal('b', 2)]);
      const { rows } = await sql<{ v: number }>`select v from counters order by v`.execute(db);
      // Serially: the first sets its row to 1, the second to 1 + 1 = 2. Without the retry both would be 1 (or one would fail).
      expect(rows.map((row) => row.v)).toEqual([1, 2]);
      expect(tries.a + tries.b).toBe(3);
      expect(logged.join('\n')).toMatch(/transaction retried after 40001/);
    });

    it('an error that is not a conflict is not retried', async () => {
      let tries = 0;
      await expect(
        db.transaction().execute(async (trx) => {
          tries++;
          await sql`insert into counters values (1, 0)`.execute(trx);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(tries).toBe(1);
    });
  });

  describe('an HTTP request chosen as a deadlock victim', () => {
    let server: LoggedServer;
    beforeAll(async () => {
      server = await startLoggedServer('postgres', { env: { LOG_LEVEL: 'debug' } });
    });
    afterAll(async () => {
      await server?.stop();
      if (server) await removeTestData('postgres', server);
    });

    it('answers 200 with its write applied after the other transaction', async () => {
      const headers = { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY, 'content-type': 'application/json' };
      const created = await fetch(server.url + DOCUMENTS, { method: 'POST', headers, body: JSON.stringify({ documentId: 'deadlocked', data: { title: 'before' } }) });
      expect(created.status).toBe(201);
      const table = collectionTables({ databaseId: 'main', $id: 'items' }).documents;
      const other = new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${server.pgSchema}` });
      await other.connect();
      try {
        // The other transaction waits longer before looking for deadlocks, so the request's backend finds it first and is the victim.
        await other.query(`set deadlock_timeout = '10s'`);
        await other.query('begin');
        // The request will lock the document's row, then wait here to append its event.
        await other.query(`lock table "${OUTBOX_TABLE}" in share mode`);
        const update = fetch(`${server.url}${DOCUMENTS}/deadlocked`, { method: 'PATCH', headers, body: JSON.stringify({ data: { title: 'after' } }) });
        await waitForLockWait(other, server.pgSchema);
        // Now the other transaction waits for the request's row: a cycle, which the request's backend detects after 1 s.
        await other.query(`select title from "${table}" where _uid = 'deadlocked' for update`);
        await other.query(`update "${table}" set title = 'other' where _uid = 'deadlocked'`);
        await other.query('commit');
        const answer = await update;
        expect(answer.status, await answer.clone().text()).toBe(200);
        expect(((await answer.json()) as { title: string }).title).toBe('after');
      } finally {
        await other.end();
      }
      const read = await fetch(`${server.url}${DOCUMENTS}/deadlocked`, { headers });
      expect(((await read.json()) as { title: string }).title).toBe('after');
      expect(server.output()).toMatch(/transaction retried after 40P01/);
    });
  });
});

/** Until a backend of the server's (another session than `observer`) waits for a lock. */
async function waitForLockWait(observer: pg.Client, schema: string): Promise<void> {
  const started = Date.now();
  const monitor = new pg.Client({ connectionString: POSTGRES_URL });
  await monitor.connect();
  try {
    for (;;) {
      const { rows } = await monitor.query(
        `select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and pid <> $1 and datname = current_database() and query ilike $2`,
        [(observer as unknown as { processID: number }).processID, `%${OUTBOX_TABLE}%`],
      );
      if (rows[0].waiting > 0) return;
      if (Date.now() - started > 20_000) throw new Error(`no request waited for the outbox lock (schema ${schema})`);
      await sleep(50);
    }
  } finally {
    await monitor.end();
  }
}
