import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import type { QueryPlan } from '@ballot-atlas/shared/appwrite/query';
import { ADMIN } from '../core/context.ts';
import type { Services } from '../core/services.ts';
import type { StoredDocument } from '../db/documents/stored-document.ts';
import type { CollectionDefinition } from '../schema/project-schema.ts';
import { isStorableText } from '../schema/validate-document.ts';
import { DIRECTORY_DATABASE } from './directory-collections.ts';

/** Rows per query when reading a whole collection (small pages die young in V8, so the heap stays small), and the most values one look-up sends. */
const PAGE_SIZE = 250;
const LOOKUP_CHUNK = 500;
/** A look-up by a non-unique attribute (a page's slug, shared by its languages) may match more rows than values. */
const LOOKUP_LIMIT = 1_000_000;

function storeOf(services: Services, collectionId: string) {
  return services.documents.collection({ databaseId: DIRECTORY_DATABASE, collectionId }, ADMIN).store;
}

function plan(filter: QueryPlan['filters'][number], limit: number): QueryPlan {
  return { filters: [filter], select: null, orders: [], limit, offset: 0, cursor: null };
}

/**
 * Every document of a collection in `$sequence` order, a page at a time (one indexed range query
 * per page), so a reader holds at most one page whatever the collection's size.
 */
export async function* documentPages(services: Services, collectionId: string, pageSize = PAGE_SIZE): AsyncGenerator<StoredDocument[]> {
  const store = storeOf(services, collectionId);
  let after = 0;
  for (;;) {
    const page = await store.list(plan({ kind: 'filter', method: 'greaterThan', attribute: '$sequence', values: [after] }, pageSize), { kind: 'all' }, { countTotal: false });
    if (page.documents.length === 0) return;
    yield page.documents;
    after = page.documents.at(-1)!.sequence;
    if (page.documents.length < pageSize) return;
  }
}

/** Values a string column could hold; anything else matches nothing (and PostgreSQL would refuse NUL). */
function searchable(collection: CollectionDefinition, attribute: string, values: Iterable<string>): string[] {
  const size = attribute === '$id' ? 36 : (collection.attributes.find((candidate) => candidate.key === attribute) as { size?: number } | undefined)?.size ?? 0;
  const unique = new Set<string>();
  for (const value of values) {
    if (value === '' || !isStorableText(value) || [...value].length > size) continue;
    if (attribute === '$id' && !isValidId(value)) continue;
    unique.add(value);
  }
  return [...unique];
}

/** The documents whose string `attribute` (or `$id`) is one of `values`. */
export async function findDocuments(services: Services, collectionId: string, attribute: string, values: Iterable<string>): Promise<StoredDocument[]> {
  const store = storeOf(services, collectionId);
  const wanted = searchable(store.collection, attribute, values);
  const found: StoredDocument[] = [];
  for (let start = 0; start < wanted.length; start += LOOKUP_CHUNK) {
    const chunk = wanted.slice(start, start + LOOKUP_CHUNK);
    const page = await store.list(plan({ kind: 'filter', method: 'equal', attribute, values: chunk }, LOOKUP_LIMIT), { kind: 'all' }, { countTotal: false });
    found.push(...page.documents);
  }
  return found;
}
