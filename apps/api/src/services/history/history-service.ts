import { parseQueries } from '@ballot-atlas/shared/appwrite/query';
import type { Identity } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { documentPermissions } from '../../core/grants.ts';
import { whitelistedPlan, type ListRequest } from '../../db/documents/list-plan.ts';
import type { ReadFilter, StoredDocument } from '../../db/documents/stored-document.ts';
import { validateDocumentData } from '../../schema/validate-document.ts';
import { documentAllows } from '../databases/collection-permissions.ts';
import type { DocumentsService } from '../databases/documents-service.ts';
import type { DocumentAddress } from '../databases/document-address.ts';
import { authorOf } from './change-author.ts';
import { isEditorOrKey } from './editor-access.ts';
import { toChangeModel, toLatestChangeModel, type ChangeModel, type LatestChangeModel } from './change-model.ts';
import { keepsHistory, QUERYABLE_CHANGE_ATTRIBUTES } from './history-collection.ts';
import { snapshotOf } from './record-snapshot.ts';
import { planRevert } from './revert-plan.ts';
import { documentEvent } from '../../events/index.ts';
import { toDocumentModel } from '../databases/document-model.ts';

const ALL: ReadFilter = { kind: 'all' };

const equal = (attribute: string, value: string) => JSON.stringify({ method: 'equal', attribute, values: [value] });

/** The change history of directory records: listed and read by editors, reverted by them, and a record's last change for everyone. */
export class HistoryService {
  private readonly documents: DocumentsService;

  constructor(documents: DocumentsService) {
    this.documents = documents;
  }

  private get store() {
    return this.documents.history.store;
  }

  /** Newest first unless the queries order otherwise; filters on collectionId, documentId, userId, action…. */
  async list(identity: Identity, request: ListRequest, countTotal: boolean): Promise<{ total: number; changes: ChangeModel[] }> {
    if (!isEditorOrKey(identity)) throw new AppwriteError('user_unauthorized');
    const plan = whitelistedPlan(request, QUERYABLE_CHANGE_ATTRIBUTES, '$id');
    if (plan.orders.length === 0) plan.orders.push({ attribute: '$sequence', direction: 'desc' });
    const { total, documents } = await this.store.list(plan, ALL, { countTotal });
    return { total, changes: documents.map(toChangeModel) };
  }

  async get(identity: Identity, changeId: string): Promise<ChangeModel> {
    const stored = isEditorOrKey(identity) ? await this.store.get(changeId, ALL) : undefined;
    if (!stored) throw new AppwriteError('history_change_not_found');
    return toChangeModel(stored);
  }

  /** When a record last changed, and the source when it is a web address: what its public page may show. */
  async latest(identity: Identity, address: DocumentAddress, documentId: string): Promise<LatestChangeModel> {
    const entry = this.documents.collection(address, identity);
    if (!entry.permissions.allows('read', identity)) throw new AppwriteError('user_unauthorized');
    if (!keepsHistory(entry.definition)) throw new AppwriteError('history_change_not_found');
    const plan = parseQueries([
      equal('collectionId', entry.definition.$id),
      equal('documentId', documentId),
      JSON.stringify({ method: 'orderDesc', attribute: '$sequence' }),
      JSON.stringify({ method: 'select', values: ['action', 'source'] }),
      JSON.stringify({ method: 'limit', values: [1] }),
    ]);
    const [last] = (await this.store.list(plan, ALL, { countTotal: false })).documents;
    if (!last) throw new AppwriteError('history_change_not_found');
    return toLatestChangeModel(last);
  }

  /**
   * Puts the record back as it was before the change, in one transaction with the revert's own
   * history record (action `revert`, `revertOf` the change). The record is read and locked first,
   * so a concurrent write either lands before (and may make the revert a conflict) or after.
   */
  async revert(identity: Identity, changeId: string, source: string): Promise<ChangeModel> {
    if (!isEditorOrKey(identity)) throw new AppwriteError('user_unauthorized');
    const stored = await this.store.get(changeId, ALL);
    if (!stored) throw new AppwriteError('history_change_not_found');
    const change = toChangeModel(stored);
    const entry = this.documents.collection({ databaseId: change.databaseId, collectionId: change.collectionId }, identity);
    const { definition, store } = entry;
    return this.documents.transaction(async (trx) => {
      const current = await store.getForWrite(change.documentId, trx);
      const write = planRevert(change, current ? snapshotOf(current) : null);
      const allowed = entry.permissions.allows(write.kind, identity) || (write.kind !== 'create' && definition.documentSecurity && documentAllows(current!.permissions, write.kind, identity));
      if (!allowed) throw new AppwriteError('user_unauthorized');
      const at = now();
      let after: StoredDocument | undefined;
      if (write.kind === 'create') {
        const data = validateDocumentData(definition, write.data, 'create');
        await store.insert([{ id: change.documentId, data, permissions: documentPermissions(write.permissions), createdAt: at }], trx);
        after = await store.getForWrite(change.documentId, trx);
      } else if (write.kind === 'update') {
        const data = validateDocumentData(definition, write.data, 'update');
        await store.update(current!.sequence, data, write.permissions && documentPermissions(write.permissions), at, trx);
        after = await store.getForWrite(change.documentId, trx);
      } else {
        await store.delete(current!.sequence, trx);
      }
      const written = after ?? current!;
      await this.documents.events.append(trx, documentEvent(write.kind, definition, toDocumentModel(definition, written)));
      const [recordedId] = await this.documents.history.record(trx, [
        { collection: definition, documentId: change.documentId, action: 'revert', author: authorOf(identity), source, before: current, after, at, revertOf: change.$id },
      ]);
      return toChangeModel((await this.store.getForWrite(recordedId!, trx))!);
    });
  }
}
