import type { Identity } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { whitelistedPlan } from '../../db/documents/list-plan.ts';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import type { Caller } from '../databases/collection-abuse-limits.ts';
import type { DocumentModel } from '../databases/document-model.ts';
import type { DocumentsService } from '../databases/documents-service.ts';
import type { OperationEntry } from './operations-param.ts';
import { TRANSACTION_LIMITS, type StagedOperation } from './staged-operation.ts';
import { applyStagedOperations } from './transaction-commit.ts';
import { toTransactionModel, type TransactionModel } from './transaction-model.ts';
import { TransactionStaging, type PreparedWrite, type StagedCounter, type WriteToStage } from './transaction-staging.ts';
import { TransactionStore } from './transaction-store.ts';
import { QUERYABLE_TRANSACTION_ATTRIBUTES } from './transaction-tables.ts';

function assertUsable(transaction: StoredDocument, notPending: () => AppwriteError): void {
  if (transaction.data['status'] !== 'pending') throw notPending();
  if (Date.parse(String(transaction.data['expiresAt'])) < Date.now()) throw new AppwriteError('transaction_expired');
}

const notReady = () => new AppwriteError('transaction_not_ready');

/**
 * Appwrite 1.8's database transactions: writes with a `transactionId` (or sent in a batch by
 * createOperations) are checked and staged, not applied; committing applies them all in one
 * database transaction, or none; rolling back (or deleting) discards them. A transaction is its
 * creator's: another user sees none of it; keys may use any.
 */
export class TransactionsService {
  readonly store: TransactionStore;
  private readonly staging: TransactionStaging;
  private readonly dialect: SqlDialect;
  private readonly documents: DocumentsService;

  constructor(dialect: SqlDialect, documents: DocumentsService) {
    this.dialect = dialect;
    this.documents = documents;
    this.store = new TransactionStore(dialect);
    this.staging = new TransactionStaging(documents, this.store);
  }

  async create(identity: Identity, ttlSeconds: number = TRANSACTION_LIMITS.ttlDefault): Promise<TransactionModel> {
    return toTransactionModel(await this.store.create(identity, ttlSeconds));
  }

  async get(identity: Identity, transactionId: string): Promise<TransactionModel> {
    return toTransactionModel(await this.store.find(identity, transactionId));
  }

  async list(identity: Identity, queries: readonly string[], countTotal: boolean): Promise<{ total: number; transactions: TransactionModel[] }> {
    const plan = whitelistedPlan({ queries }, QUERYABLE_TRANSACTION_ATTRIBUTES, 'status');
    const { total, documents } = await this.store.list(identity, plan, countTotal);
    return { total: countTotal ? total : 0, transactions: documents.map(toTransactionModel) };
  }

  async delete(identity: Identity, transactionId: string): Promise<void> {
    await this.store.remove(await this.store.find(identity, transactionId));
  }

  /** Commits or rolls back (Appwrite marks a rolled-back transaction `failed`). */
  async update(caller: Caller, transactionId: string, commit: boolean, rollback: boolean): Promise<TransactionModel> {
    if (!commit && !rollback) throw new AppwriteError('general_bad_request', 'Either commit or rollback must be true');
    if (commit && rollback) throw new AppwriteError('general_bad_request', 'Cannot commit and rollback at the same time');
    const transaction = await this.store.find(caller.identity, transactionId);
    assertUsable(transaction, notReady);
    const settled = commit ? await this.commit(caller, transaction) : await this.store.settle(transaction, 'failed');
    if (!settled) throw notReady();
    return toTransactionModel(settled);
  }

  private async commit(caller: Caller, transaction: StoredDocument): Promise<StoredDocument | undefined> {
    try {
      return await this.dialect.db.transaction().execute(async (trx) => {
        const operations = await this.store.operations(transaction.id, trx);
        // Settled first, in the same transaction: a concurrent commit waits for this one, then finds it settled and applies nothing.
        const settled = await this.store.settle(transaction, 'committed', trx);
        if (!settled) throw notReady();
        await applyStagedOperations(trx, operations, this.documents, caller);
        return settled;
      });
    } catch (error) {
      // Nothing was applied; a transaction that was still pending has failed (one another request settled stays as it is).
      if (!(error instanceof AppwriteError && error.type === 'transaction_not_ready')) await this.store.settle(transaction, 'failed');
      throw error;
    }
  }

  /** Stages writes sent by createOperations, all or none of them. */
  async createOperations(identity: Identity, transactionId: string, entries: readonly OperationEntry[]): Promise<TransactionModel> {
    if (entries.length === 0) throw new AppwriteError('general_bad_request', 'Operations array cannot be empty');
    const transaction = await this.store.find(identity, transactionId);
    assertUsable(transaction, () => new AppwriteError('general_bad_request', 'Invalid or non‑pending transaction'));
    const existing = Number(transaction.data['operations']);
    if (existing + entries.length > TRANSACTION_LIMITS.maxOperations) {
      throw new AppwriteError('transaction_limit_exceeded', `Transaction already has ${existing} operations, adding ${entries.length} would exceed the maximum of ${TRANSACTION_LIMITS.maxOperations}`);
    }
    const stagedAt = now();
    const prepared: StagedOperation[] = [];
    for (const entry of entries) prepared.push((await this.prepareEntry(identity, transactionId, entry, stagedAt, prepared)).operation);
    return toTransactionModel(await this.store.append(transaction, prepared, TRANSACTION_LIMITS.maxOperations));
  }

  private prepareEntry(identity: Identity, transactionId: string, entry: OperationEntry, stagedAt: string, earlier: readonly StagedOperation[]): Promise<PreparedWrite> | PreparedWrite {
    const { $permissions: permissions, $id: _id, ...data } = entry.data;
    if (permissions !== undefined && !Array.isArray(permissions)) throw new AppwriteError('general_bad_request', 'The value of $permissions must be an array of permission strings.');
    const write: WriteToStage = {
      address: { databaseId: entry.databaseId, collectionId: entry.collectionId },
      documentId: entry.documentId,
      data,
      permissions: permissions as string[] | undefined,
    };
    switch (entry.action) {
      case 'create':
        return this.staging.create(identity, write, stagedAt, []);
      case 'update':
        return this.staging.update(identity, transactionId, write, stagedAt, earlier);
      case 'delete':
        return this.staging.delete(identity, transactionId, write, stagedAt, earlier);
      case 'upsert':
        return this.staging.upsert(identity, transactionId, write, stagedAt, earlier);
      case 'increment':
      case 'decrement': {
        const bound = data[entry.action === 'increment' ? 'max' : 'min'];
        const counter = { direction: entry.action, attribute: String(data['attribute']), value: Number(data['value'] ?? 1), bound: typeof bound === 'number' ? bound : null };
        return this.staging.counter(identity, transactionId, write, counter, stagedAt, earlier);
      }
      default:
        // Appwrite lets only keys stage bulk writes; this server has no bulk writes to stage.
        if (!identity.admin) throw new AppwriteError('user_unauthorized');
        throw new AppwriteError('general_bad_request', `Action '${entry.action}' is not supported by this server.`);
    }
  }

  /** A write route's branch for `transactionId`: the write is checked, staged, and answered as Appwrite answers it. */
  async stageCreate(caller: Caller, transactionId: string, write: WriteToStage): Promise<DocumentModel> {
    return (await this.stageOne(caller.identity, transactionId, (stagedAt) => this.staging.create(caller.identity, write, stagedAt))).preview!;
  }

  async stageUpdate(identity: Identity, transactionId: string, write: WriteToStage): Promise<DocumentModel> {
    return (await this.stageOne(identity, transactionId, (stagedAt) => this.staging.update(identity, transactionId, write, stagedAt))).preview!;
  }

  async stageUpsert(caller: Caller, transactionId: string, write: WriteToStage): Promise<DocumentModel> {
    return (await this.stageOne(caller.identity, transactionId, (stagedAt) => this.staging.upsert(caller.identity, transactionId, write, stagedAt))).preview!;
  }

  async stageCounter(identity: Identity, transactionId: string, write: WriteToStage, change: StagedCounter): Promise<DocumentModel> {
    return (await this.stageOne(identity, transactionId, (stagedAt) => this.staging.counter(identity, transactionId, write, change, stagedAt))).preview!;
  }

  async stageDelete(identity: Identity, transactionId: string, write: WriteToStage): Promise<void> {
    await this.stageOne(identity, transactionId, (stagedAt) => this.staging.delete(identity, transactionId, write, stagedAt));
  }

  private async stageOne(identity: Identity, transactionId: string, prepare: (stagedAt: string) => PreparedWrite | Promise<PreparedWrite>): Promise<PreparedWrite> {
    const transaction = await this.store.find(identity, transactionId);
    const prepared = await prepare(now());
    assertUsable(transaction, notReady);
    await this.store.append(transaction, [prepared.operation], TRANSACTION_LIMITS.maxOperations);
    return prepared;
  }
}
