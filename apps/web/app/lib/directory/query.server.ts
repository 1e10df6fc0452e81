import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import { AppwriteException, Query } from 'appwrite';
import { DATABASE_ID, serverDatabases } from '../appwrite.server';
import { isSlugText } from '../urls';

/** The directory's collections, by id. */
export type CollectionId =
  | 'regions' | 'subregions' | 'districts' | 'electoral_areas' | 'offices' | 'elections' | 'parties' | 'candidates' | 'events' | 'pages';

export interface ListPage<T> {
  total: number;
  items: T[];
}

/** One page of documents; `{ total: false }` spares the API its count when the caller ignores `total` (then 0). */
export async function listPage<T>(request: Request, collection: CollectionId, queries: string[], options: { total?: boolean } = {}): Promise<ListPage<T>> {
  const result = await serverDatabases(request).listDocuments({ databaseId: DATABASE_ID, collectionId: collection, queries, total: options.total });
  return { total: result.total, items: result.documents as unknown as T[] };
}

/** Every matching document, fetched in pages with a cursor (for lists that are small by nature). */
export async function listAll<T extends { $id: string }>(request: Request, collection: CollectionId, queries: string[], pageSize = 500): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const cursor = items.length ? [Query.cursorAfter(items[items.length - 1]!.$id)] : [];
    const page = await listPage<T>(request, collection, [...queries, ...cursor, Query.limit(pageSize)], { total: false });
    items.push(...page.items);
    if (page.items.length < pageSize) return items;
  }
}

/** The count of matches (capped by the API at 5000). */
export async function countOf(request: Request, collection: CollectionId, queries: string[]): Promise<number> {
  return (await listPage(request, collection, [...queries, Query.limit(1), Query.select(['$id'])])).total;
}

/**
 * The document with this id; null when there is none or `id` cannot be one (no API call then).
 * `fields` selects attributes (a place's `boundary` can be large; read it only to draw a map).
 */
export async function getById<T>(request: Request, collection: CollectionId, id: string, fields?: readonly string[]): Promise<T | null> {
  if (!isValidId(id)) return null;
  try {
    return (await serverDatabases(request).getDocument({ databaseId: DATABASE_ID, collectionId: collection, documentId: id, queries: fields ? [Query.select([...fields])] : undefined })) as unknown as T;
  } catch (error) {
    if (error instanceof AppwriteException && (error.code === 404 || error.code === 400)) return null;
    throw error;
  }
}

/** Slugs are at most this long (appwrite.json). */
const SLUG_MAX_LENGTH = 160;

/**
 * False for text no slug can be — control characters (NUL), lone surrogates, longer than the
 * attribute — which the API would refuse in a query: such a URL names nothing, so it is a 404.
 */
export function couldBeSlug(value: string): boolean {
  return value !== '' && value.length <= SLUG_MAX_LENGTH && isSlugText(value);
}

/** The document with this slug; `fields` selects attributes as in getById. */
export async function getBySlug<T>(request: Request, collection: CollectionId, slug: string, fields?: readonly string[]): Promise<T | null> {
  if (!couldBeSlug(slug)) return null;
  const page = await listPage<T>(request, collection, [Query.equal('slug', slug), ...(fields ? [Query.select([...fields])] : []), Query.limit(1)], { total: false });
  return page.items[0] ?? null;
}
