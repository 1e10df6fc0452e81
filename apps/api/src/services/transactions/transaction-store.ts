import { sql, type Kysely } from 'kysely';
import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { parseQueries, type QueryPlan } from '@ballot-atlas/shared/appwrite/query';
import type { Identity } from '../../core/context.ts';
import { formatDate, now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { defaultPermissions } from '../../core/grants.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { CollectionStore } from '../../db/documents/collection-store.ts';
import type { ReadFilter, StoredDocument } from '../../db/documents/stored-document.ts';
import { collectionTables } from '../../db/physical-names.ts';
import type { TransactionStatus } from './transaction-model.ts';
import { operationsDb, transactionsCollection } from './transaction-tables.ts';
import type { StagedOperation } from './staged-operation.ts';

const ALL: ReadFilter = { kind: 'all' };

/** The caller's view: keys see every transaction, others those their permissions let them read (their own). */
function readFilterOf(identity: Identity): ReadFilter {
  return identity.admin ? ALL : { kind: 'roles', roles: identity.roles };
}

function toOperation(row: { action: string; database_id: string; collection_id: string; document_id: string; data: string; permissions: string | null; source: string; staged_at: string }): StagedOperation {
  return {
    action: row.action as StagedOperation['action'],
    databaseId: row.database_id,
    collectionId: row.collection_id,
    documentId: row.document_id,
    data: JSON.parse(row.data) as Record<string, unknown>,
    permissions: row.permissions === null ? null : (JSON.parse(row.permissions) as string[]),
    source: row.source,
    stagedAt: row.staged_at,
  };
}

/** Transactions (a system collection) and their staged operations (a plain table). */
export class TransactionStore {
  readonly rows: CollectionStore;
  private readonly dialect: SqlDialect;
  private readonly table = collectionTables(transactionsCollection).documents;

  constructor(dialect: SqlDialect) {
    this.dialect = dialect;
    this.rows = new CollectionStore(dialect, transactionsCollection);
  }

  async create(identity: Identity, ttlSeconds: number): Promise<StoredDocument> {
    const createdAt = now();
    const expiresAt = formatDate(new Date(Date.parse(createdAt) + ttlSeconds * 1000));
    const [stored] = await this.rows.insert([{ id: uniqueId(), data: { status: 'pending', operations: 0, expiresAt }, permissions: defaultPermissions(identity), createdAt }]);
    return stored!;
  }

  /** The transaction as the caller may see it; someone else's is not found. */
  async find(identity: Identity, transactionId: string): Promise<StoredDocument> {
    const stored = await this.rows.get(transactionId, readFilterOf(identity));
    if (!stored) throw new AppwriteError('transaction_not_found', `Transaction with the requested ID '${transactionId}' could not be found.`);
    return stored;
  }

  list(identity: Identity, plan: QueryPlan, countTotal: boolean): Promise<{ total: number; documents: StoredDocument[] }> {
    return this.rows.list(plan, readFilterOf(identity), { countTotal });
  }

  /**
   * Adds operations at the end of a pending transaction, counting them in the same statement that
   * checks the status and the limit, so concurrent stagings cannot pass it together.
   */
  async append(transaction: StoredDocument, operations: readonly StagedOperation[], limit: number): Promise<StoredDocument> {
    const updatedAt = now();
    const added = operations.length;
    const total = await this.dialect.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable(this.table)
        .set({ operations: sql`operations + ${added}`, _updatedAt: updatedAt })
        .where('_seq', '=', transaction.sequence)
        .where('status', '=', 'pending')
        .where(sql`operations + ${added}`, '<=', limit)
        .returning('operations')
        .executeTakeFirst();
      if (!row) return undefined;
      const count = Number(row['operations']);
      await operationsDb(trx)
        .insertInto('_transaction_operations')
        .values(operations.map((operation, index) => ({
          transaction_id: transaction.id,
          position: count - added + index,
          action: operation.action,
          database_id: operation.databaseId,
          collection_id: operation.collectionId,
          document_id: operation.documentId,
          data: JSON.stringify(operation.data),
          permissions: operation.permissions === null ? null : JSON.stringify(operation.permissions),
          source: operation.source,
          staged_at: operation.stagedAt,
        })))
        .execute();
      return count;
    });
    if (total === undefined) {
      const current = await this.rows.get(transaction.id, ALL);
      if (current?.data['status'] !== 'pending') throw new AppwriteError('transaction_not_ready');
      const existing = Number(current.data['operations']);
      throw new AppwriteError('transaction_limit_exceeded', `Transaction already has ${existing} operations, adding ${added} would exceed the maximum of ${limit}`);
    }
    return { ...transaction, updatedAt, data: { ...transaction.data, operations: total } };
  }

  /** The staged operations in staging order; `executor`: the commit's transaction. */
  async operations(transactionId: string, executor: Kysely<any> = this.dialect.db): Promise<StagedOperation[]> {
    const rows = await operationsDb(executor).selectFrom('_transaction_operations').selectAll().where('transaction_id', '=', transactionId).orderBy('position').execute();
    return rows.map(toOperation);
  }

  /** The staged operations on one document, in order. */
  async operationsOn(transactionId: string, databaseId: string, collectionId: string, documentId: string): Promise<StagedOperation[]> {
    const rows = await operationsDb(this.dialect.db)
      .selectFrom('_transaction_operations')
      .selectAll()
      .where('transaction_id', '=', transactionId)
      .where('database_id', '=', databaseId)
      .where('collection_id', '=', collectionId)
      .where('document_id', '=', documentId)
      .orderBy('position')
      .execute();
    return rows.map(toOperation);
  }

  /**
   * Moves a pending transaction to `status` and drops its staged operations; false when it was no
   * longer pending (another commit or rollback got there first).
   */
  async settle(transaction: StoredDocument, status: TransactionStatus, executor?: Kysely<any>): Promise<StoredDocument | undefined> {
    const updatedAt = now();
    const work = async (trx: Kysely<any>) => {
      const changed = await this.rows.updateIf(transaction.sequence, { status: 'pending' }, { status }, updatedAt, trx);
      if (changed) await this.discardOperations(transaction.id, trx);
      return changed;
    };
    const changed = executor ? await work(executor) : await this.dialect.db.transaction().execute(work);
    return changed ? { ...transaction, updatedAt, data: { ...transaction.data, status } } : undefined;
  }

  async remove(transaction: StoredDocument): Promise<void> {
    await this.dialect.db.transaction().execute(async (trx) => {
      await this.discardOperations(transaction.id, trx);
      await this.rows.delete(transaction.sequence, trx);
    });
  }

  /** Up to `limit` transactions that expired before `moment`, whatever their status. */
  async expiredBefore(moment: string, limit: number): Promise<StoredDocument[]> {
    const plan = parseQueries([
      JSON.stringify({ method: 'lessThan', attribute: 'expiresAt', values: [moment] }),
      JSON.stringify({ method: 'limit', values: [limit] }),
    ]);
    return (await this.rows.list(plan, ALL, { countTotal: false })).documents;
  }

  private async discardOperations(transactionId: string, trx: Kysely<any>): Promise<void> {
    await operationsDb(trx).deleteFrom('_transaction_operations').where('transaction_id', '=', transactionId).execute();
  }
}
