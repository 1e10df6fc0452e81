import type { Kysely } from 'kysely';
import type { SqlDialect } from '../../db/dialect.ts';
import type { CollectionDefinition } from '../../schema/project-schema.ts';

/** The pseudo-database whose one "collection" holds transactions (out of reach of the Databases routes). */
export const TRANSACTIONS_DATABASE = '_transactions';

/**
 * Appwrite's `transactions`: the caller's pending writes, readable (and usable) by the user who
 * made it through its document permissions (none when a key made it: keys see every one).
 */
export const transactionsCollection: CollectionDefinition = {
  $id: 'transactions',
  $permissions: [],
  databaseId: TRANSACTIONS_DATABASE,
  name: 'Transactions',
  enabled: true,
  documentSecurity: true,
  attributes: [
    { key: 'status', type: 'string', size: 16, required: true, array: false, format: '', default: null },
    { key: 'operations', type: 'integer', min: 0, required: true, array: false, default: null },
    { key: 'expiresAt', type: 'datetime', required: true, array: false, default: null },
  ],
  indexes: [{ key: 'expires', type: 'key', attributes: ['expiresAt'], orders: [] }],
};

/** Attributes clients may filter and sort transactions by (Appwrite's Queries\Transactions). */
export const QUERYABLE_TRANSACTION_ATTRIBUTES = new Set(['status', 'expiresAt']);

/**
 * Appwrite's `transactionLogs`: one row per staged write, in the order it was staged. `data` is
 * the JSON the write carried (attribute values; for increments the attribute, value and bound),
 * `permissions` the JSON permission strings it sets (null: unchanged).
 */
export interface TransactionOperationTables {
  _transaction_operations: {
    transaction_id: string;
    position: number;
    action: string;
    database_id: string;
    collection_id: string;
    document_id: string;
    data: string;
    permissions: string | null;
    source: string;
    staged_at: string;
  };
}

export type OperationsDb = Kysely<TransactionOperationTables>;

export function operationsDb(executor: Kysely<any>): OperationsDb {
  return executor as OperationsDb;
}

/** Creates the staged-operations table when missing; safe on every start. */
export async function applyTransactionTables(dialect: SqlDialect): Promise<void> {
  await dialect.db.schema
    .createTable('_transaction_operations').ifNotExists()
    .addColumn('transaction_id', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('database_id', 'text', (column) => column.notNull())
    .addColumn('collection_id', 'text', (column) => column.notNull())
    .addColumn('document_id', 'text', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('permissions', 'text')
    .addColumn('source', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('staged_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('_transaction_operations_pk', ['transaction_id', 'position'])
    .execute();
}
