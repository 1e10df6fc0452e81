import { resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import { formatPermission } from '@ballot-atlas/shared/appwrite/permission';
import type { Identity } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import { assertGrantable, defaultPermissions, documentPermissions } from '../../core/grants.ts';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import type { CollectionDefinition } from '../../schema/project-schema.ts';
import { validateDocumentData } from '../../schema/validate-document.ts';
import { documentAllows } from '../databases/collection-permissions.ts';
import { toDocumentModel, type DocumentModel } from '../databases/document-model.ts';
import type { DocumentsService } from '../databases/documents-service.ts';
import type { DocumentAddress } from '../databases/document-address.ts';
import type { StagedOperation } from './staged-operation.ts';
import type { TransactionStore } from './transaction-store.ts';

/** One write to stage, as a route or an entry of createOperations gives it. */
export interface WriteToStage {
  address: DocumentAddress;
  documentId: string;
  data?: Record<string, unknown> | undefined;
  /** Permission strings; null or absent: unchanged (update), or `defaultPermissions` (create). */
  permissions?: readonly string[] | null | undefined;
  source?: string | undefined;
}

/** An increment or decrement to stage. */
export interface StagedCounter {
  direction: 'increment' | 'decrement';
  attribute: string;
  value: number;
  /** The most (increment) or least (decrement) the attribute may hold afterwards; null: no bound. */
  bound?: number | null | undefined;
}

/** A checked write: the operation to keep, and the document Appwrite answers with (none for a delete). */
export interface PreparedWrite {
  operation: StagedOperation;
  preview?: DocumentModel;
}

const ALL = { kind: 'all' } as const;

/** Only the address (a route passes all its params as the address). */
function addressOf(write: WriteToStage): DocumentAddress {
  return { databaseId: write.address.databaseId, collectionId: write.address.collectionId };
}

/** The model of a document only staged so far: Appwrite leaves its system dates and sequence empty. */
function stagedModel(collection: CollectionDefinition, document: StoredDocument): DocumentModel {
  return { ...toDocumentModel(collection, document), $sequence: '', $createdAt: '', $updatedAt: '' };
}

/** Replays one staged operation over the document as it stood before it (undefined: absent). */
function replay(collection: CollectionDefinition, document: StoredDocument | undefined, operation: StagedOperation): StoredDocument | undefined {
  const created = (): StoredDocument => ({
    sequence: 0,
    id: operation.documentId,
    createdAt: '',
    updatedAt: '',
    permissions: operation.permissions ?? [],
    data: validateDocumentData(collection, operation.data, 'create'),
  });
  switch (operation.action) {
    case 'create':
      return created();
    case 'delete':
      return undefined;
    case 'upsert':
    case 'update':
      if (!document) return operation.action === 'upsert' ? created() : undefined;
      return { ...document, permissions: operation.permissions ?? document.permissions, data: { ...document.data, ...validateDocumentData(collection, operation.data, 'update') } };
    case 'increment':
    case 'decrement': {
      if (!document) return undefined;
      const attribute = String(operation.data['attribute']);
      const step = Number(operation.data['value'] ?? 1) * (operation.action === 'increment' ? 1 : -1);
      return { ...document, data: { ...document.data, [attribute]: Number(document.data[attribute] ?? 0) + step } };
    }
  }
}

/**
 * Checks a write as the real write would (the collection, the caller's permissions, the data's
 * structure) against the document as the transaction would leave it so far, and turns it into
 * the operation to keep. Nothing is written here.
 */
export class TransactionStaging {
  private readonly documents: DocumentsService;
  private readonly store: TransactionStore;

  constructor(documents: DocumentsService, store: TransactionStore) {
    this.documents = documents;
    this.store = store;
  }

  /**
   * The document with the transaction's staged writes applied (then `earlier`, the writes before
   * this one in the same createOperations call); undefined when it would not exist.
   */
  async current(transactionId: string, address: DocumentAddress, documentId: string, identity: Identity, earlier: readonly StagedOperation[] = []): Promise<StoredDocument | undefined> {
    const entry = this.documents.collection(address, identity);
    const sameDocument = (operation: StagedOperation) => operation.databaseId === address.databaseId && operation.collectionId === address.collectionId && operation.documentId === documentId;
    const staged = await this.store.operationsOn(transactionId, address.databaseId, address.collectionId, documentId);
    let document = await entry.store.get(documentId, ALL);
    for (const operation of [...staged, ...earlier.filter(sameDocument)]) document = replay(entry.definition, document, operation);
    return document;
  }

  /** `permissionsWhenAbsent`: what a create without permissions gets (the caller's own for the routes, none in createOperations). */
  create(identity: Identity, write: WriteToStage, stagedAt: string, permissionsWhenAbsent = defaultPermissions(identity)): PreparedWrite {
    const entry = this.documents.collection(write.address, identity);
    const data = write.data ?? {};
    if (Object.keys(data).length === 0) throw new AppwriteError('document_missing_data');
    const permissions = write.permissions == null ? permissionsWhenAbsent : documentPermissions(write.permissions);
    assertGrantable(permissions, identity);
    if (!entry.permissions.allows('create', identity)) throw new AppwriteError('user_unauthorized');
    const values = validateDocumentData(entry.definition, data, 'create');
    const id = resolveNewId(write.documentId);
    const permissionTexts = permissions.map(formatPermission);
    const operation: StagedOperation = { action: 'create', ...addressOf(write), documentId: id, data, permissions: permissionTexts, source: write.source ?? '', stagedAt };
    const preview = stagedModel(entry.definition, { sequence: 0, id, createdAt: '', updatedAt: '', permissions: permissionTexts, data: values });
    return { operation, preview };
  }

  async update(identity: Identity, transactionId: string, write: WriteToStage, stagedAt: string, earlier: readonly StagedOperation[] = []): Promise<PreparedWrite> {
    const entry = this.documents.collection(write.address, identity);
    const data = write.data ?? {};
    if (Object.keys(data).length === 0 && write.permissions == null) throw new AppwriteError('document_missing_payload');
    const existing = await this.current(transactionId, write.address, write.documentId, identity, earlier);
    if (!existing) throw new AppwriteError('document_not_found');
    const permissions = write.permissions == null ? undefined : documentPermissions(write.permissions);
    if (permissions) assertGrantable(permissions, identity);
    this.assertAllowed(entry, existing, 'update', identity);
    const values = validateDocumentData(entry.definition, data, 'update');
    const permissionTexts = permissions ? permissions.map(formatPermission) : null;
    const operation: StagedOperation = { action: 'update', ...addressOf(write), documentId: write.documentId, data, permissions: permissionTexts, source: write.source ?? '', stagedAt };
    const after: StoredDocument = { ...existing, permissions: permissionTexts ?? existing.permissions, data: { ...existing.data, ...values } };
    return { operation, preview: existing.sequence ? toDocumentModel(entry.definition, after) : stagedModel(entry.definition, after) };
  }

  async delete(identity: Identity, transactionId: string, write: WriteToStage, stagedAt: string, earlier: readonly StagedOperation[] = []): Promise<PreparedWrite> {
    const entry = this.documents.collection(write.address, identity);
    const existing = await this.current(transactionId, write.address, write.documentId, identity, earlier);
    if (!existing) throw new AppwriteError('document_not_found');
    this.assertAllowed(entry, existing, 'delete', identity);
    return { operation: { action: 'delete', ...addressOf(write), documentId: write.documentId, data: {}, permissions: null, source: write.source ?? '', stagedAt } };
  }

  /** Creates the document when the transaction would not have it, else updates it (Appwrite checks create or update permission accordingly). */
  async upsert(identity: Identity, transactionId: string, write: WriteToStage, stagedAt: string, earlier: readonly StagedOperation[] = []): Promise<PreparedWrite> {
    const entry = this.documents.collection(write.address, identity);
    const { $id: _ignored, ...data } = write.data ?? {};
    if (Object.keys(data).length === 0 && write.permissions == null) throw new AppwriteError('document_missing_payload');
    const id = resolveNewId(write.documentId);
    const existing = await this.current(transactionId, write.address, id, identity, earlier);
    const requested = write.permissions == null ? undefined : documentPermissions(write.permissions);
    const permissions = requested ?? (existing ? documentPermissions(existing.permissions) : defaultPermissions(identity));
    assertGrantable(permissions, identity);
    if (existing) this.assertAllowed(entry, existing, 'update', identity);
    else if (!entry.permissions.allows('create', identity)) throw new AppwriteError('user_unauthorized');
    const values = validateDocumentData(entry.definition, data, existing ? 'update' : 'create');
    const permissionTexts = permissions.map(formatPermission);
    const operation: StagedOperation = { action: 'upsert', ...addressOf(write), documentId: id, data, permissions: requested || !existing ? permissionTexts : null, source: write.source ?? '', stagedAt };
    const after: StoredDocument = existing
      ? { ...existing, permissions: permissionTexts, data: { ...existing.data, ...values } }
      : { sequence: 0, id, createdAt: '', updatedAt: '', permissions: permissionTexts, data: values };
    return { operation, preview: after.sequence ? toDocumentModel(entry.definition, after) : stagedModel(entry.definition, after) };
  }

  /** An increment or decrement of one numeric attribute; its bound is checked when committed, as in Appwrite. */
  async counter(identity: Identity, transactionId: string, write: WriteToStage, change: StagedCounter, stagedAt: string, earlier: readonly StagedOperation[] = []): Promise<PreparedWrite> {
    const entry = this.documents.collection(write.address, identity);
    const attribute = entry.definition.attributes.find((candidate) => candidate.key === change.attribute);
    if (!attribute) throw new AppwriteError('attribute_not_found');
    if ((attribute.type !== 'integer' && attribute.type !== 'double') || attribute.array) throw new AppwriteError('attribute_type_invalid', `databases "${attribute.key}" is not a number`);
    if (!(change.value > 0)) throw new AppwriteError('general_argument_invalid', 'Value must be numeric and greater than 0');
    const existing = await this.current(transactionId, write.address, write.documentId, identity, earlier);
    if (!existing) throw new AppwriteError('document_not_found');
    this.assertAllowed(entry, existing, 'update', identity);
    const data = { attribute: change.attribute, value: change.value, bound: change.bound ?? null };
    const operation: StagedOperation = { action: change.direction, ...addressOf(write), documentId: write.documentId, data, permissions: null, source: write.source ?? '', stagedAt };
    const after = replay(entry.definition, existing, operation)!;
    return { operation, preview: after.sequence ? toDocumentModel(entry.definition, after) : stagedModel(entry.definition, after) };
  }

  private assertAllowed(entry: ReturnType<DocumentsService['collection']>, existing: StoredDocument, action: 'update' | 'delete', identity: Identity): void {
    const allowed = entry.permissions.allows(action, identity) || (entry.definition.documentSecurity && documentAllows(existing.permissions, action, identity));
    if (!allowed) throw new AppwriteError('user_unauthorized');
  }
}
