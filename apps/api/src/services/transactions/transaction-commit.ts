import type { Kysely } from 'kysely';
import { ADMIN } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { Caller } from '../databases/collection-abuse-limits.ts';
import { changeCounter } from '../databases/document-counters.ts';
import type { DocumentsService } from '../databases/documents-service.ts';
import { upsertDocument } from '../databases/document-upsert.ts';
import { withAmbientTransaction } from './ambient-transaction.ts';
import type { StagedOperation } from './staged-operation.ts';

/**
 * Applies staged operations, in order, in `trx` (the commit's one database transaction) through
 * the same service methods as single writes, so permissions, validation, history records and
 * outbox events are exactly theirs; whatever fails rolls every write of the transaction back.
 * As in Appwrite, a document first touched by this commit must not have changed since its write
 * was staged (a later `$updatedAt`, or a create whose id is taken by now): that is a conflict.
 */
export async function applyStagedOperations(trx: Kysely<any>, operations: readonly StagedOperation[], documents: DocumentsService, caller: Caller): Promise<void> {
  const { identity } = caller;
  const touched = new Set<string>();
  await withAmbientTransaction(trx, async () => {
    for (const operation of operations) {
      const address = { databaseId: operation.databaseId, collectionId: operation.collectionId };
      const key = `${operation.databaseId}/${operation.collectionId}/${operation.documentId}`;
      if (!touched.has(key)) await assertUnchangedSinceStaged(trx, operation, documents);
      touched.add(key);
      switch (operation.action) {
        case 'create':
          await documents.create(caller, address, operation.documentId, operation.data, operation.permissions, operation.source).catch(conflictOnDuplicate);
          break;
        case 'update':
          await documents.update(identity, address, operation.documentId, operation.data, operation.permissions, operation.source);
          break;
        case 'delete':
          await documents.delete(identity, address, operation.documentId, operation.source);
          break;
        case 'upsert':
          await upsertDocument(documents, caller, address, operation.documentId, operation.data, operation.permissions, operation.source);
          break;
        case 'increment':
        case 'decrement': {
          const { attribute, value, bound } = operation.data as { attribute: string; value: number; bound: number | null };
          await changeCounter(documents, identity, address, operation.documentId, { direction: operation.action, attribute, value, bound }, operation.source);
          break;
        }
      }
    }
  });
}

function conflictOnDuplicate(error: unknown): never {
  if (error instanceof AppwriteError && error.type === 'document_already_exists') throw new AppwriteError('transaction_conflict');
  throw error;
}

async function assertUnchangedSinceStaged(trx: Kysely<any>, operation: StagedOperation, documents: DocumentsService): Promise<void> {
  // The collection itself was checked when staged; whether the caller may write is the service's check below.
  const { store } = documents.collection({ databaseId: operation.databaseId, collectionId: operation.collectionId }, ADMIN);
  const current = await store.getForWrite(operation.documentId, trx);
  if (operation.action === 'create') {
    if (current) throw new AppwriteError('transaction_conflict');
    return;
  }
  if (!current) {
    if (operation.action === 'upsert') return;
    throw new AppwriteError('document_not_found');
  }
  if (current.updatedAt > operation.stagedAt) throw new AppwriteError('transaction_conflict');
}
