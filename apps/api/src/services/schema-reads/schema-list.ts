import { parseQueries, QueryError, type FilterQuery, type Scalar } from '@ballot-atlas/shared/appwrite/query';
import { AppwriteError, argumentInvalid } from '../../core/errors.ts';

/**
 * Lists of the declared schema (databases, collections, attributes, indexes, buckets) are a few
 * dozen entries read from appwrite.json, so their queries are applied in memory: filters and
 * orders on the attributes Appwrite lets each list be queried by, limit, offset, cursor, search.
 */
export interface SchemaListRequest {
  queries: readonly string[];
  search?: string | undefined;
  countTotal?: boolean | undefined;
}

type Entry = Record<string, unknown>;

function compare(left: unknown, right: unknown): number {
  if (left === right) return 0;
  if (left === null || left === undefined) return -1;
  if (right === null || right === undefined) return 1;
  return (left as number | string) < (right as number | string) ? -1 : 1;
}

function matches(entry: Entry, filter: FilterQuery, queryable: ReadonlySet<string>): boolean {
  if (filter.kind === 'logical') {
    const results = filter.queries.map((inner) => matches(entry, inner, queryable));
    return filter.method === 'and' ? results.every(Boolean) : results.some(Boolean);
  }
  if (!queryable.has(filter.attribute)) throw argumentInvalid('queries', `Invalid query: Attribute not found in schema: ${filter.attribute}`);
  const value = entry[filter.attribute];
  const [first, second] = filter.values as [Scalar, Scalar];
  const text = typeof value === 'string' ? value : '';
  switch (filter.method) {
    case 'equal':
      return Array.isArray(value) ? filter.values.some((candidate) => value.includes(candidate)) : filter.values.includes(value as Scalar);
    case 'notEqual':
      return value !== first;
    case 'lessThan':
      return compare(value, first) < 0;
    case 'lessThanEqual':
      return compare(value, first) <= 0;
    case 'greaterThan':
      return compare(value, first) > 0;
    case 'greaterThanEqual':
      return compare(value, first) >= 0;
    case 'between':
      return compare(value, first) >= 0 && compare(value, second) <= 0;
    case 'notBetween':
      return compare(value, first) < 0 || compare(value, second) > 0;
    case 'isNull':
      return value === null || value === undefined;
    case 'isNotNull':
      return value !== null && value !== undefined;
    case 'startsWith':
      return text.startsWith(String(first));
    case 'notStartsWith':
      return !text.startsWith(String(first));
    case 'endsWith':
      return text.endsWith(String(first));
    case 'notEndsWith':
      return !text.endsWith(String(first));
    case 'contains':
      return Array.isArray(value) ? filter.values.some((candidate) => value.includes(candidate)) : filter.values.some((candidate) => text.includes(String(candidate)));
    case 'notContains':
      return Array.isArray(value) ? !filter.values.some((candidate) => value.includes(candidate)) : !filter.values.some((candidate) => text.includes(String(candidate)));
    case 'search':
    case 'notSearch':
      throw new QueryError(`Invalid query: Searching by attribute "${filter.attribute}" requires a fulltext index.`);
  }
}

/** True when every word of `search` occurs (ignoring case) in one of `fields` of the entry. */
function found(entry: Entry, search: string, fields: readonly string[]): boolean {
  const haystack = fields.map((field) => String(entry[field] ?? '')).join(' ').toLowerCase();
  return search.toLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}

function cursorIndex<T>(entries: readonly T[], id: string, idOf: (entry: T) => string): number {
  const index = entries.findIndex((entry) => idOf(entry) === id);
  if (index < 0) throw new AppwriteError('general_cursor_not_found');
  return index;
}

/** Applies a list request to `entries`; `idOf` names an entry for cursors, `searched` the fields `search` looks in. */
export function listEntries<T extends Entry>(entries: readonly T[], request: SchemaListRequest, options: { queryable: ReadonlySet<string>; idOf: (entry: T) => string; searched: readonly string[] }): { total: number; items: T[] } {
  try {
    const plan = parseQueries(request.queries);
    if (plan.select) throw new QueryError('Invalid query: Select queries are not supported here.');
    let selected = entries.filter((entry) => plan.filters.every((filter) => matches(entry, filter, options.queryable)));
    if (request.search) selected = selected.filter((entry) => found(entry, request.search!, options.searched));
    for (const order of [...plan.orders].reverse()) {
      if (!options.queryable.has(order.attribute)) throw argumentInvalid('queries', `Invalid query: Attribute not found in schema: ${order.attribute}`);
      const sign = order.direction === 'asc' ? 1 : -1;
      selected = [...selected].sort((left, right) => sign * compare(left[order.attribute], right[order.attribute]));
    }
    const total = request.countTotal === false ? 0 : selected.length;
    if (plan.cursor?.direction === 'before') {
      const before = selected.slice(0, cursorIndex(selected, plan.cursor.documentId, options.idOf));
      const end = Math.max(0, before.length - plan.offset);
      return { total, items: before.slice(Math.max(0, end - plan.limit), end) };
    }
    if (plan.cursor) selected = selected.slice(cursorIndex(selected, plan.cursor.documentId, options.idOf) + 1);
    return { total, items: selected.slice(plan.offset, plan.offset + plan.limit) };
  } catch (error) {
    if (error instanceof QueryError) throw new AppwriteError('general_query_invalid', error.message);
    throw error;
  }
}
