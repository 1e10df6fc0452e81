/**
 * What the event outbox adds to a write: `node bench/outbox-cost.ts [sqlite|postgres]` times a
 * small write transaction (insert one row) with and without an outbox event appended in it,
 * alternating rounds, and prints the median and p99 per transaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPostgres } from '../apps/api/src/db/dialects/postgres.ts';
import { openSqlite } from '../apps/api/src/db/dialects/sqlite.ts';
import { applyOutboxTables, documentEvent, EventBus } from '../apps/api/src/events/index.ts';

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const dir = mkdtempSync(join(tmpdir(), 'outbox-bench-'));
const schema = `bench_outbox_${process.pid}`;
const dialect = engine === 'postgres' ? openPostgres(process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test', schema) : openSqlite(join(dir, 'bench.sqlite'));
if (engine === 'postgres') await sql`create schema if not exists ${sql.id(schema)}`.execute(dialect.db);
await applyOutboxTables(dialect);
await sql`create table if not exists bench_rows (id text primary key, title text)`.execute(dialect.db);
const bus = await EventBus.start(dialect, { pollMs: 60_000 });
const collection = { databaseId: 'main', $id: 'candidates', $permissions: ['read("any")'], documentSecurity: false };

let n = 0;
async function write(withEvent: boolean): Promise<number> {
  const id = `r${n++}`;
  const started = process.hrtime.bigint();
  await bus.transaction(async (trx) => {
    await trx.insertInto('bench_rows').values({ id, title: 'A candidate name' }).execute();
    const document = { $id: id, $permissions: ['read("any")'], $collectionId: 'candidates', $databaseId: 'main', title: 'A candidate name' };
    if (withEvent) await bus.append(trx, documentEvent('create', collection, document));
  });
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const samples = { without: [] as number[], with: [] as number[] };
for (let i = 0; i < 200; i++) await write(i % 2 === 0);
for (let round = 0; round < 10; round++) {
  for (let i = 0; i < 200; i++) samples.without.push(await write(false));
  for (let i = 0; i < 200; i++) samples.with.push(await write(true));
}
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!.toFixed(3);
for (const [label, values] of Object.entries(samples)) console.log(`${engine} ${label} outbox row: median ${quantile(values, 0.5)} ms, p99 ${quantile(values, 0.99)} ms (${values.length} transactions)`);
await bus.close();
if (engine === 'postgres') await sql`drop schema ${sql.id(schema)} cascade`.execute(dialect.db);
await dialect.close();
rmSync(dir, { recursive: true, force: true });
