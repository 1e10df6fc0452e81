import { sql } from 'kysely';
import type { SqlDialect } from '../db/dialect.ts';

export const OUTBOX_TABLE = '_events_outbox';
export const CONSUMERS_TABLE = '_events_consumers';

/**
 * The outbox (one row per event, written in the transaction of the write it describes) and the
 * cursors of durable consumers. Lists and objects are JSON text on both engines. Safe on every start.
 */
export async function applyOutboxTables(dialect: SqlDialect): Promise<void> {
  const schema = dialect.db.schema;
  await sql`create table if not exists ${sql.table(OUTBOX_TABLE)} (
    seq ${sql.raw(dialect.sequenceColumn)},
    txid bigint not null,
    created_at text not null,
    events text not null,
    channels text not null,
    roles text not null,
    payload text not null,
    user_id text not null default ''
  )`.execute(dialect.db);
  // Outboxes made before events carried their user.
  if (!(await dialect.listColumns(OUTBOX_TABLE)).includes('user_id')) {
    await sql`alter table ${sql.table(OUTBOX_TABLE)} add column user_id text not null default ''`.execute(dialect.db);
  }
  await schema.createIndex(`${OUTBOX_TABLE}_position`).ifNotExists().on(OUTBOX_TABLE).columns(['txid', 'seq']).execute();
  await schema
    .createTable(CONSUMERS_TABLE).ifNotExists()
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('txid', 'bigint', (column) => column.notNull())
    .addColumn('seq', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}
