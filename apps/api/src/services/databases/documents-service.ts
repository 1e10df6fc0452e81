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
import { CollectionPermissions, documentAllows } from './collection-permissions.ts';
import { assertGrantable, defaultPermissions, documentPermissions } from '../../core/grants.ts';
import { toDocumentModel, type DocumentModel } from './document-model.ts';

interface CollectionEntry {
  definition: CollectionDefinition;
  store: CollectionStore;
  permissions: CollectionPermissions;
  databaseEnabled: boolean;
}

export interface DocumentAddress {
  databaseId: string;
  collectionId: string;
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
  private readonly collections = new Map<string, CollectionEntry>();
  private readonly databases: Map<string, boolean>;
  private readonly abuseLimits: CollectionAbuseLimits;

  constructor(dialect: SqlDialect, schema: ProjectSchema, abuseLimits: CollectionAbuseLimits) {
    this.abuseLimits = abuseLimits;
    this.databases = new Map(schema.databases.map((database) => [database.$id, database.enabled]));
    for (const definition of schema.collections) {
      this.collections.set(`${definition.databaseId}/${definition.$id}`, {
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
    const entry = this.collections.get(`${address.databaseId}/${address.collectionId}`);
    if (!entry || (!entry.definition.enabled && !identity.admin)) throw new AppwriteError('collection_not_found');
    return entry;
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

  async create(caller: Caller, address: DocumentAddress, documentId: string, data: Record<string, unknown>, permissionTexts: readonly string[] | null | undefined): Promise<DocumentModel> {
    const { identity } = caller;
    const entry = this.collection(address, identity);
    if (!entry.permissions.allows('create', identity)) throw new AppwriteError('user_unauthorized');
    if (Object.keys(data).length === 0) throw new AppwriteError('document_missing_data');
    const permissions = permissionTexts == null ? defaultPermissions(identity) : documentPermissions(permissionTexts);
    assertGrantable(permissions, identity);
    const values = validateDocumentData(entry.definition, data, 'create');
    await this.abuseLimits.checkCreate(address, caller);
    const [stored] = await entry.store.insert([{ id: resolveNewId(documentId), data: values, permissions, createdAt: now() }]);
    return toDocumentModel(entry.definition, stored!);
  }

  async update(identity: Identity, address: DocumentAddress, documentId: string, data: Record<string, unknown> | undefined, permissionTexts: readonly string[] | null | undefined): Promise<DocumentModel> {
    const entry = this.collection(address, identity);
    if ((data === undefined || Object.keys(data).length === 0) && permissionTexts == null) throw new AppwriteError('document_missing_payload');
    const existing = await entry.store.get(documentId, { kind: 'all' });
    if (!existing) throw new AppwriteError('document_not_found');
    const allowed = entry.permissions.allows('update', identity) || (entry.definition.documentSecurity && documentAllows(existing.permissions, 'update', identity));
    if (!allowed) throw new AppwriteError('user_unauthorized');
    const permissions = permissionTexts == null ? undefined : documentPermissions(permissionTexts);
    if (permissions) assertGrantable(permissions, identity);
    const values = validateDocumentData(entry.definition, data ?? {}, 'update');
    await entry.store.update(existing.sequence, values, permissions, now());
    const updated = await entry.store.get(documentId, { kind: 'all' });
    return toDocumentModel(entry.definition, updated!);
  }

  async delete(identity: Identity, address: DocumentAddress, documentId: string): Promise<void> {
    const entry = this.collection(address, identity);
    const existing = await entry.store.get(documentId, { kind: 'all' });
    if (!existing) throw new AppwriteError('document_not_found');
    const allowed = entry.permissions.allows('delete', identity) || (entry.definition.documentSecurity && documentAllows(existing.permissions, 'delete', identity));
    if (!allowed) throw new AppwriteError('user_unauthorized');
    await entry.store.delete(existing.sequence);
  }

  /** Bulk insert for the operator (seeding and import): validated, no permission checks, one transaction per batch. */
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

  async count(address: DocumentAddress): Promise<number> {
    return this.collection(address, ADMIN).store.countAll();
  }
}
