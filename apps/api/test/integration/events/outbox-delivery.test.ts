// The outbox's delivery guarantees, on the bus itself: commit order with the PostgreSQL
// sequence gap closed, durable consumers once across processes and across a crash, broadcast
// across processes through Redis, and pruning.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SqlDialect } from '../../../src/db/dialect.ts';
import { openPostgres } from '../../../src/db/dialects/postgres.ts';
import { openSqlite } from '../../../src/db/dialects/sqlite.ts';
import { applyOutboxTables, EventBus, teamEvent, type CommittedEvent } from '../../../src/events/index.ts';
import { POSTGRES_URL, postgresAvailable } from '../../support/test-server.ts';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const postgresUp = await postgresAvailable();
const CONSUMER_SCRIPT = new URL('./consumer-process.ts', import.meta.url).pathname;

const eventNo = (n: number) => teamEvent('create', { $id: `t${n}` });
const teamOf = (event: CommittedEvent) => (event.payload as { $id: string }).$id;

async function until(condition: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Database {
  dialect: SqlDialect;
  /** Another connection (pool) to the same database, as a second process would have. */
  open(): SqlDialect;
  remove(): Promise<void>;
}

async function freshDatabase(engine: 'sqlite' | 'postgres'): Promise<Database> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'ballot-events-'));
    const open = () => openSqlite(join(dir, 'events.sqlite'));
    const dialect = open();
    await applyOutboxTables(dialect);
    return { dialect, open, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `evt_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const open = () => openPostgres(POSTGRES_URL, schema);
  const dialect = open();
  await applyOutboxTables(dialect);
  return {
    dialect,
    open,
    remove: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

function eachEngine(title: string, define: (engine: 'sqlite' | 'postgres', db: () => Database) => void): void {
  for (const engine of ['sqlite', 'postgres'] as const) {
    describe.skipIf(engine === 'postgres' && !postgresUp)(`${title} [${engine}]`, () => {
      let database: Database;
      beforeEach(async () => {
        database = await freshDatabase(engine);
      });
      afterEach(async () => {
        await database.dialect.close();
        await database.remove();
      });
      define(engine, () => database);
    });
  }
}

eachEngine('outbox', (_engine, db) => {
  it('a broadcast subscriber gets each committed event once, in commit order; a rolled-back transaction leaves none', async () => {
    const { dialect } = db();
    const bus = await EventBus.start(dialect, { pollMs: 60_000 });
    const seen: string[] = [];
    bus.subscribe((event) => void seen.push(teamOf(event)));
    for (let n = 1; n <= 5; n++) await bus.transaction((trx) => bus.append(trx, eventNo(n)));
    await expect(bus.transaction(async (trx) => {
      await bus.append(trx, eventNo(99));
      throw new Error('the write fails after its event');
    })).rejects.toThrow('fails');
    await bus.transaction((trx) => bus.append(trx, eventNo(6), eventNo(7)));
    await until(() => seen.length >= 7);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual(['t1', 't2', 't3', 't4', 't5', 't6', 't7']);
    await bus.close();
  });

  it('a durable consumer that was not running (a crash after commit, before dispatch) gets the event when it starts again', async () => {
    const { dialect } = db();
    const first = await EventBus.start(dialect);
    const stop = await first.consume('mailer', async () => {});
    await stop();
    await first.close();
    // Committed while no consumer runs.
    const writer = await EventBus.start(dialect, { pollMs: 60_000 });
    await writer.transaction((trx) => writer.append(trx, eventNo(1), eventNo(2)));
    await writer.close();
    const handled: string[] = [];
    const restarted = await EventBus.start(dialect);
    // A handler failing once is retried, not skipped.
    let failures = 0;
    await restarted.consume('mailer', async (_trx, event) => {
      if (teamOf(event) === 't2' && failures++ === 0) throw new Error('mail server down');
      handled.push(teamOf(event));
    });
    await until(() => handled.length >= 2);
    expect(handled).toEqual(['t1', 't2']);
    await until(async () => (await restarted.store.consumerPosition('mailer'))!.seq > 0);
    await restarted.close();
  });

  it('prunes events every durable consumer has passed, once older than the retention time', async () => {
    const { dialect } = db();
    const bus = await EventBus.start(dialect, { retentionMs: 60_000 });
    const handled: string[] = [];
    let blocked = true;
    await bus.consume('slow', async (_trx, event) => {
      if (blocked && teamOf(event) === 't3') throw new Error('not yet');
      handled.push(teamOf(event));
    });
    await bus.transaction((trx) => bus.append(trx, eventNo(1), eventNo(2), eventNo(3)));
    await until(() => handled.length === 2);
    // The handler ran; its cursor move commits just after.
    const [, second] = (await sql<{ seq: number }>`select seq from _events_outbox order by seq`.execute(dialect.db)).rows;
    await until(async () => (await bus.store.consumerPosition('slow'))!.seq >= Number(second!.seq));
    const count = async () => Number((await sql<{ n: number }>`select count(*) as n from _events_outbox`.execute(dialect.db)).rows[0]!.n);
    expect(await bus.prune()).toBe(0);
    // Past the retention time, only what the consumer has passed goes.
    expect(await bus.prune(Date.now() + 120_000)).toBe(2);
    expect(await count()).toBe(1);
    blocked = false;
    bus.wake();
    await until(() => handled.length === 3);
    const third = (await sql<{ seq: number }>`select max(seq) as seq from _events_outbox`.execute(dialect.db)).rows[0]!;
    await until(async () => (await bus.store.consumerPosition('slow'))!.seq >= Number(third.seq));
    // An idle consumer commits nothing, so it does not wake itself in a loop that starves other queries.
    const pruneStarted = Date.now();
    expect(await bus.prune(Date.now() + 120_000)).toBe(1);
    expect(Date.now() - pruneStarted).toBeLessThan(1_000);
    await bus.close();
  });
});

describe.skipIf(!postgresUp)('outbox on PostgreSQL with several processes', () => {
  let database: Database;
  const children: ChildProcess[] = [];
  beforeEach(async () => {
    database = await freshDatabase('postgres');
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await database.dialect.close();
    await database.remove();
  });

  it('an event whose transaction took the lower sequence but committed later is not skipped (the outbox gap)', async () => {
    const { dialect } = database;
    const bus = await EventBus.start(dialect, { pollMs: 20 });
    const seen: string[] = [];
    bus.subscribe((event) => void seen.push(teamOf(event)));
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowAppended!: () => void;
    const slowHasAppended = new Promise<void>((resolve) => (slowAppended = resolve));
    // The slow transaction takes its sequence value first and commits last.
    const slow = bus.transaction(async (trx) => {
      await bus.append(trx, eventNo(1));
      slowAppended();
      await slowMayCommit;
    });
    await slowHasAppended;
    await bus.transaction((trx) => bus.append(trx, eventNo(2)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = (await sql<{ seq: number; payload: string }>`select seq, payload from _events_outbox order by seq`.execute(dialect.db)).rows;
    expect(rows.map((row) => JSON.parse(row.payload).$id)).toEqual(['t2']);
    // The fast event waits for the slow transaction rather than being delivered past its gap.
    expect(seen).toEqual([]);
    releaseSlow();
    await slow;
    await until(() => seen.length >= 2);
    expect(seen.sort()).toEqual(['t1', 't2']);
    await bus.close();
  });

  it('a durable consumer running in two processes handles each event exactly once', async () => {
    const { dialect } = database;
    await sql`create table evt_handled (seq bigint not null, pid integer not null)`.execute(dialect.db);
    const writer = await EventBus.start(dialect, { pollMs: 60_000 });
    // Registered before the events, so it starts before them.
    await writer.store.registerConsumer('triggers');
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(dialect.db)).rows[0]!.s;
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, [CONSUMER_SCRIPT, JSON.stringify({ url: POSTGRES_URL, schema, name: 'triggers' })], { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      await once(child.stdout!, 'data');
    }
    const total = 120;
    await Promise.all(Array.from({ length: 6 }, (_, writerNo) => (async () => {
      for (let n = 0; n < total / 6; n++) await writer.transaction((trx) => writer.append(trx, eventNo(writerNo * 100 + n)));
    })()));
    const handled = async () => (await sql<{ seq: number; pid: number }>`select seq, pid from evt_handled`.execute(dialect.db)).rows;
    await until(async () => (await handled()).length >= total, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rows = await handled();
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => Number(row.seq))).size).toBe(total);
    await writer.close();
  });

  it('broadcast reaches a subscriber in another process through Redis, without waiting for the poll', async () => {
    const other = database.open();
    const writer = await EventBus.start(database.dialect, { redisUrl: REDIS_URL, redisPrefix: `test-${process.pid}`, pollMs: 60_000 });
    const reader = await EventBus.start(other, { redisUrl: REDIS_URL, redisPrefix: `test-${process.pid}`, pollMs: 60_000 });
    const seen: string[] = [];
    reader.subscribe((event) => void seen.push(teamOf(event)));
    const started = Date.now();
    await writer.transaction((trx) => writer.append(trx, eventNo(1)));
    await until(() => seen.length === 1, 2_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    for (let n = 2; n <= 20; n++) await writer.transaction((trx) => writer.append(trx, eventNo(n)));
    await until(() => seen.length === 20, 2_000);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, index) => `t${index + 1}`));
    await writer.close();
    await reader.close();
    await other.close();
  });
});
