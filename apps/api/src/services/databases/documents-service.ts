import { isValidId, resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import { parseQueries, QueryError, type QueryPlan } from '@ballot-atlas/shared/appwrite/query';
import { withQueryErrors } from '../../db/documents/list-plan.ts';
import { ADMIN, type Identity } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { CollectionStore } from '../../db/documents/collection-store.ts';
import type { ReadFilter } from '../../db/documents/stored-document.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { CollectionDefinition, ProjectSchema } from '../../schema/project-schema.ts';
import { validateDocumentData } from '../../schema/validate-document.ts';
import type { Caller, CollectionAbuseLimits } from './collection-abuse-limits.ts';
import type { DocumentAddress } from './document-address.ts';
import { CollectionPermissions, documentAllows } from './collection-permissions.ts';
import { assertGrantable, defaultPermissions, documentPermissions } from '../../core/grants.ts';
import { toDocumentModel, type DocumentModel } from './document-model.ts';
import type { Kysely } from 'kysely';
import { authorOf } from '../history/change-author.ts';
import type { ChangeRecorder, ChangeToRecord } from '../history/change-recorder.ts';
import { formatPermission } from '@ballot-atlas/shared/appwrite/permission';
import { documentEvent, type EventBus } from '../../events/index.ts';
import { joinOrBegin } from '../transactions/ambient-transaction.ts';

interface CollectionEntry {
  definition: CollectionDefinition;
  store: CollectionStore;
  permissions: CollectionPermissions;
  databaseEnabled: boolean;
}

/** One row of an import batch: a new document, or the attributes (and permissions) that change. */
export interface ImportWrite {
  kind: 'create' | 'update';
  id: string;
  data: Record<string, unknown>;
  /** Permission strings; omitted: none on a create, unchanged on an update. */
  permissions?: readonly string[];
}

function plan(queries: readonly string[]): QueryPlan {
  try {
    return parseQueries(queries);
  } catch (error) {
    if (error instanceof QueryError) throw new AppwriteError('general_query_invalid', error.message);
    throw error;
  }
}


/** Documents with Appwrite's rules: collection permissions, document security, validation. */
export class DocumentsService {
  /** By database id, then collection id (looked up on every request: no key string is built for it). */
  private readonly collections = new Map<string, Map<string, CollectionEntry>>();
  private readonly databases: Map<string, boolean>;
  /** Per-collection create limits; upserts that create apply them too. */
  readonly abuseLimits: CollectionAbuseLimits;
  private readonly dialect: SqlDialect;
  /** Records every write of a directory record in the write's own transaction. */
  readonly history: ChangeRecorder;
  /** Every write's events are appended in the write's own transaction. */
  readonly events: EventBus;

  constructor(dialect: SqlDialect, schema: ProjectSchema, abuseLimits: CollectionAbuseLimits, history: ChangeRecorder, events: EventBus) {
    this.abuseLimits = abuseLimits;
    this.dialect = dialect;
    this.history = history;
    this.events = events;
    this.databases = new Map(schema.databases.map((database) => [database.$id, database.enabled]));
    for (const definition of schema.collections) {
      let inDatabase = this.collections.get(definition.databaseId);
      if (!inDatabase) this.collections.set(definition.databaseId, (inDatabase = new Map()));
      inDatabase.set(definition.$id, {
        definition,
        store: new CollectionStore(dialect, definition),
        permissions: new CollectionPermissions(definition),
        databaseEnabled: this.databases.get(definition.databaseId) ?? false,
      });
    }
  }

  /** The collection, or the not-found error a caller may see (disabled ones are hidden from non-admins). */
  collection(address: DocumentAddress, identity: Identity): CollectionEntry {
    const databaseEnabled = this.databases.get(address.databaseId);
    if (databaseEnabled === undefined || (!databaseEnabled && !identity.admin)) throw new AppwriteError('database_not_found');
    const entry = this.collections.get(address.databaseId)?.get(address.collectionId);
    if (!entry || (!entry.definition.enabled && !identity.admin)) throw new AppwriteError('collection_not_found');
    return entry;
  }

  /** One transaction for a write, the read of what it replaces, and its history record (a committing transaction's, when one runs). */
  transaction<T>(work: (trx: Kysely<any>) => Promise<T>): Promise<T> {
    return joinOrBegin(this.dialect.db, work);
  }

  private readFilter(entry: CollectionEntry, identity: Identity): ReadFilter | null {
    if (entry.permissions.allows('read', identity)) return { kind: 'all' };
    if (entry.definition.documentSecurity) return { kind: 'roles', roles: identity.roles };
    return null;
  }

  async list(identity: Identity, address: DocumentAddress, queries: readonly string[], countTotal: boolean): Promise<{ total: number; documents: DocumentModel[] }> {
    const entry = this.collection(address, identity);
    const read = this.readFilter(entry, identity);
    if (!read) throw new AppwriteError('user_unauthorized');
    const parsed = plan(queries);
    // An invalid id names no document, and PostgreSQL would reject some of them (those holding NUL).
    if (parsed.cursor && !isValidId(parsed.cursor.documentId)) {
      throw new AppwriteError('general_cursor_not_found', `Document '${parsed.cursor.documentId}' for the 'cursor' value not found.`);
    }
    const result = await withQueryErrors(() => entry.store.list(parsed, read, { countTotal }));
    return { total: result.total, documents: result.documents.map((document) => toDocumentModel(entry.definition, document)) };
  }

  async get(identity: Identity, address: DocumentAddress, documentId: string, queries: readonly string[]): Promise<DocumentModel> {
    const entry = this.collection(address, identity);
    const parsed = plan(queries);
    if (parsed.filters.length || parsed.orders.length || parsed.cursor) {
      throw new AppwriteError('general_query_invalid', 'Invalid query: Only select queries are allowed when getting one document.');
    }
    const read = this.readFilter(entry, identity);
    const document = read ? await withQueryErrors(() => entry.store.get(documentId, read, parsed.select)) : undefined;
    if (!document) throw new AppwriteError('document_not_found');
    return toDocumentModel(entry.definition, document);
  }

  /** `source`: where the change comes from (a URL or a note, checked by the route), kept in the history. */
  async create(caller: Caller, address: DocumentAddress, documentId: string, data: Record<string, unknown>, permissionTexts: readonly string[] | null | undefined, source = ''): Promise<DocumentModel> {
    const { identity } = caller;
    const entry = this.collection(address, identity);
    if (Object.keys(data).length === 0) throw new AppwriteError('document_missing_data');
    // Appwrite refuses a role the caller does not hold before it checks the create permission.
    const permissions = permissionTexts == null ? defaultPermissions(identity) : documentPermissions(permissionTexts);
    assertGrantable(permissions, identity);
    if (!entry.permissions.allows('create', identity)) throw new AppwriteError('user_unauthorized');
    const values = validateDocumentData(entry.definition, data, 'create');
    await this.abuseLimits.checkCreate(address, caller);
    const id = resolveNewId(documentId);
    const createdAt = now();
    return this.transaction(async (trx) => {
      await entry.store.insert([{ id, data: values, permissions, createdAt }], trx);
      const stored = (await entry.store.getForWrite(id, trx))!;
      await this.history.record(trx, [{ collection: entry.definition, documentId: id, action: 'create', author: authorOf(identity), source, before: undefined, after: stored, at: createdAt }]);
      const model = toDocumentModel(entry.definition, stored);
      await this.events.append(trx, documentEvent('create', entry.definition, model, identity.userId));
      return model;
    });
  }

  async update(identity: Identity, address: DocumentAddress, documentId: string, data: Record<string, unknown> | undefined, permissionTexts: readonly string[] | null | undefined, source = ''): Promise<DocumentModel> {
    const entry = this.collection(address, identity);
    if ((data === undefined || Object.keys(data).length === 0) && permissionTexts == null) throw new AppwriteError('document_missing_payload');
    return this.transaction(async (trx) => {
      const existing = await entry.store.getForWrite(documentId, trx);
      if (!existing) throw new AppwriteError('document_not_found');
      const permissions = permissionTexts == null ? undefined : documentPermissions(permissionTexts);
      if (permissions) assertGrantable(permissions, identity);
      const allowed = entry.permissions.allows('update', identity) || (entry.definition.documentSecurity && documentAllows(existing.permissions, 'update', identity));
      if (!allowed) throw new AppwriteError('user_unauthorized');
      const values = validateDocumentData(entry.definition, data ?? {}, 'update');
      const updatedAt = now();
      await entry.store.update(existing.sequence, values, permissions, updatedAt, trx);
      const updated = (await entry.store.getForWrite(documentId, trx))!;
      await this.history.record(trx, [{ collection: entry.definition, documentId, action: 'update', author: authorOf(identity), source, before: existing, after: updated, at: updatedAt }]);
      const model = toDocumentModel(entry.definition, updated);
      await this.events.append(trx, documentEvent('update', entry.definition, model, identity.userId));
      return model;
    });
  }

  async delete(identity: Identity, address: DocumentAddress, documentId: string, source = ''): Promise<void> {
    const entry = this.collection(address, identity);
    await this.transaction(async (trx) => {
      const existing = await entry.store.getForWrite(documentId, trx);
      if (!existing) throw new AppwriteError('document_not_found');
      const allowed = entry.permissions.allows('delete', identity) || (entry.definition.documentSecurity && documentAllows(existing.permissions, 'delete', identity));
      if (!allowed) throw new AppwriteError('user_unauthorized');
      await entry.store.delete(existing.sequence, trx);
      await this.history.record(trx, [{ collection: entry.definition, documentId, action: 'delete', author: authorOf(identity), source, before: existing, after: undefined, at: now() }]);
      await this.events.append(trx, documentEvent('delete', entry.definition, toDocumentModel(entry.definition, existing), identity.userId));
    });
  }

  /**
   * Bulk insert for the operator's seeding: validated, no permission checks, one transaction per
   * batch, and no history records nor events (generated demo data has no source, and a
   * million-candidate seed would double the database). Imports of real data record their changes
   * (history.record) and emit their events (importBatch).
   */
  async importDocuments(address: DocumentAddress, documents: readonly { id: string; data: Record<string, unknown>; permissions?: readonly string[] }[]): Promise<number> {
    const entry = this.collection(address, ADMIN);
    const createdAt = now();
    const rows = documents.map((document) => ({
      id: document.id,
      data: validateDocumentData(entry.definition, document.data, 'create'),
      permissions: documentPermissions(document.permissions ?? []),
      createdAt,
    }));
    await entry.store.insert(rows);
    return rows.length;
  }

  /**
   * The operator's bulk import (apps/api/src/directory-io): creates and partial updates of one
   * collection, validated, without permission checks, in one transaction with their history
   * records (author `options.by`, else "operator"; `source` = the imported file's name). An update of a missing
   * document or a create of an existing id fails, and rolls back, the whole batch.
   */
  async importBatch(address: DocumentAddress, writes: readonly ImportWrite[], options: { source: string; by?: Identity }): Promise<{ created: number; updated: number }> {
    const entry = this.collection(address, ADMIN);
    const at = now();
    const prepared = writes.map((write) => ({
      write,
      values: validateDocumentData(entry.definition, write.data, write.kind),
      permissions: write.permissions === undefined ? undefined : documentPermissions(write.permissions),
    }));
    const author = authorOf(options.by ?? ADMIN);
    return this.transaction(async (trx) => {
      const changes: ChangeToRecord[] = [];
      const creates = prepared.filter((row) => row.write.kind === 'create');
      const inserted = creates.length ? await entry.store.insert(creates.map((row) => ({ id: row.write.id, data: row.values, permissions: row.permissions ?? [], createdAt: at })), trx) : [];
      for (const after of inserted) changes.push({ collection: entry.definition, documentId: after.id, action: 'create', author, source: options.source, before: undefined, after, at });
      for (const row of prepared) {
        if (row.write.kind !== 'update') continue;
        const before = await entry.store.getForWrite(row.write.id, trx);
        if (!before) throw new AppwriteError('document_not_found', `Document '${row.write.id}' to update was not found.`);
        await entry.store.update(before.sequence, row.values, row.permissions, at, trx);
        const permissions = row.permissions ? row.permissions.map(formatPermission) : before.permissions;
        const after = { ...before, updatedAt: at, permissions, data: { ...before.data, ...row.values } };
        changes.push({ collection: entry.definition, documentId: before.id, action: 'update', author, source: options.source, before, after, at });
      }
      await this.history.record(trx, changes);
      await this.events.append(trx, ...changes.map((change) => documentEvent(change.action === 'create' ? 'create' : 'update', entry.definition, toDocumentModel(entry.definition, change.after!), options.by?.userId)));
      return { created: inserted.length, updated: changes.length - inserted.length };
    });
  }

  async count(address: DocumentAddress): Promise<number> {
    return this.collection(address, ADMIN).store.countAll();
  }
}
