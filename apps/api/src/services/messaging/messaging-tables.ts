import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '../../db/dialect.ts';

/**
 * Messaging's own tables (not collections). Dates are wire-format strings, lists JSON text.
 * Subscribers go with their topic and with their target (a deleted user or address takes its
 * subscriptions along), so topic totals are counted from them rather than kept as counters.
 */
export interface MessagingTables {
  _messaging_topics: {
    id: string;
    name: string;
    /** JSON array of the roles that may subscribe. */
    subscribe: string;
    created_at: string;
    updated_at: string;
  };
  _messaging_subscribers: {
    id: string;
    topic_id: string;
    target_id: string;
    user_id: string;
    provider_type: string;
    created_at: string;
    updated_at: string;
  };
  _messaging_messages: {
    id: string;
    provider_type: string;
    /** JSON arrays. */
    topics: string;
    users: string;
    targets: string;
    /** JSON: subject, content, html, translations. */
    data: string;
    status: string;
    scheduled_at: string | null;
    delivered_at: string | null;
    delivered_total: number;
    /** JSON array of lines. */
    delivery_errors: string;
    created_at: string;
    updated_at: string;
  };
  /** One row per address a message was handed to the mail server for: the ledger that stops a second copy. */
  _messaging_deliveries: {
    message_id: string;
    address: string;
    /** 1 when the mail server refused it (not retried for this message). */
    failed: number;
    sent_at: string;
  };
}

export type MessagingDb = Kysely<MessagingTables>;

export function messagingDb(dialect: SqlDialect): MessagingDb {
  return dialect.db as MessagingDb;
}

/** Creates the tables and indexes when missing; safe on every start. Needs the account tables (targets) first. */
export async function applyMessagingTables(dialect: SqlDialect): Promise<void> {
  const schema = dialect.db.schema;
  await schema
    .createTable('_messaging_topics').ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('subscribe', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await schema
    .createTable('_messaging_subscribers').ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('topic_id', 'text', (column) => column.notNull().references('_messaging_topics.id').onDelete('cascade'))
    .addColumn('target_id', 'text', (column) => column.notNull().references('_auth_targets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('provider_type', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('_messaging_subscribers_topic_target', ['topic_id', 'target_id'])
    .execute();
  await schema.createIndex('_messaging_subscribers_target').ifNotExists().on('_messaging_subscribers').column('target_id').execute();
  await schema.createIndex('_messaging_subscribers_user').ifNotExists().on('_messaging_subscribers').column('user_id').execute();
  await schema
    .createTable('_messaging_messages').ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('provider_type', 'text', (column) => column.notNull())
    .addColumn('topics', 'text', (column) => column.notNull())
    .addColumn('users', 'text', (column) => column.notNull())
    .addColumn('targets', 'text', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('scheduled_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('delivered_total', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('delivery_errors', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await schema
    .createTable('_messaging_deliveries').ifNotExists()
    .addColumn('message_id', 'text', (column) => column.notNull().references('_messaging_messages.id').onDelete('cascade'))
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('failed', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('_messaging_deliveries_pk', ['message_id', 'address'])
    .execute();
  // A send step skips every address its message's ledger holds, compared without case (recipients.ts).
  await sql`create index if not exists _messaging_deliveries_key on _messaging_deliveries (message_id, lower(address))`.execute(dialect.db);
  // Each step's totals (sent count, last send time) read from the index alone.
  await schema.createIndex('_messaging_deliveries_totals').ifNotExists().on('_messaging_deliveries').columns(['message_id', 'failed', 'sent_at']).execute();
}
