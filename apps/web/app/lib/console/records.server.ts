import { AppwriteException, Query, type Models } from 'appwrite';
import { DATABASE_ID, serverDatabases } from '../appwrite.server';
import { COLLECTION_VIEWS, UPDATED_COLUMN, type ConsoleCollectionId } from './collections';
import type { EditableAttribute } from './form-values';
import type { RelationNames } from './relation-options';
import { PAGE_SIZE, type TableQuery } from './table-query';

export type StoredRecord = Models.Document & Record<string, unknown>;


/** The columns a table may sort by: plain values (not relations, files or lists) and the last change. */
export function sortableColumns(columns: readonly string[], fields: readonly EditableAttribute[]): string[] {
  return columns.filter((key) => {
    if (key === UPDATED_COLUMN) return true;
    const kind = fields.find((field) => field.attribute.key === key)?.control.kind;
    return kind !== undefined && kind !== 'relation' && kind !== 'file' && kind !== 'list';
  });
}

/** The table's search: the title's full-text index where there is one, else a substring of the title. */
export function searchQueries(titleKey: string, fulltextKeys: readonly string[], search: string): string[] {
  if (!search) return [];
  return [fulltextKeys.includes(titleKey) ? Query.search(titleKey, search) : Query.contains(titleKey, search)];
}

export async function listRecords(
  request: Request,
  collection: ConsoleCollectionId,
  query: TableQuery,
  fulltextKeys: readonly string[],
  shownKeys: readonly string[],
): Promise<{ total: number; rows: StoredRecord[] }> {
  const view = COLLECTION_VIEWS[collection];
  const order = query.sort.direction === 'asc' ? Query.orderAsc(query.sort.key) : Query.orderDesc(query.sort.key);
  // Only the table's columns: a place's boundary can be far larger than the rest of its record. System fields always come.
  const select = [...new Set([view.titleKey, ...shownKeys])].filter((key) => !key.startsWith('$'));
  const result = await serverDatabases(request).listDocuments({
    databaseId: DATABASE_ID,
    collectionId: collection,
    queries: [...searchQueries(view.titleKey, fulltextKeys, query.search), order, Query.orderAsc('$id'), Query.select(select), Query.limit(PAGE_SIZE), Query.offset((query.page - 1) * PAGE_SIZE)],
  });
  return { total: result.total, rows: result.documents as StoredRecord[] };
}

export async function countRecords(request: Request, collection: ConsoleCollectionId): Promise<number> {
  const result = await serverDatabases(request).listDocuments({ databaseId: DATABASE_ID, collectionId: collection, queries: [Query.limit(1), Query.select(['$id'])] });
  return result.total;
}

/** One record, or null when there is none with that id. */
export async function getRecord(request: Request, collection: ConsoleCollectionId, id: string): Promise<StoredRecord | null> {
  try {
    return (await serverDatabases(request).getDocument({ databaseId: DATABASE_ID, collectionId: collection, documentId: id })) as StoredRecord;
  } catch (error) {
    if (error instanceof AppwriteException && (error.code === 404 || error.code === 400)) return null;
    throw error;
  }
}

/** The titles of the records `ids` name in `collection` (unknown ids are left out). */
export async function titlesOf(request: Request, collection: ConsoleCollectionId, ids: readonly unknown[]): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (wanted.length === 0) return {};
  const titleKey = COLLECTION_VIEWS[collection].titleKey;
  const result = await serverDatabases(request).listDocuments({
    databaseId: DATABASE_ID,
    collectionId: collection,
    queries: [Query.equal('$id', wanted), Query.select(['$id', titleKey]), Query.limit(wanted.length)],
    total: false,
  });
  return Object.fromEntries(result.documents.map((document) => [document.$id, String((document as StoredRecord)[titleKey] ?? document.$id)]));
}

/** The names of every record that the relation attributes of `rows` point at. */
export async function relationNames(request: Request, fields: readonly EditableAttribute[], rows: readonly Record<string, unknown>[]): Promise<RelationNames> {
  const byTarget = new Map<ConsoleCollectionId, unknown[]>();
  for (const { attribute, control } of fields) {
    if (control.kind !== 'relation') continue;
    const ids = byTarget.get(control.target) ?? [];
    ids.push(...rows.map((row) => row[attribute.key]));
    byTarget.set(control.target, ids);
  }
  const entries = await Promise.all([...byTarget].map(async ([target, ids]) => [target, await titlesOf(request, target, ids)] as const));
  return Object.fromEntries(entries);
}
