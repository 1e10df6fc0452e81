/** Appwrite query strings (JSON `{"method","attribute","values"}`) parsed into a small typed tree. */
export const MAX_QUERIES = 100;
export const MAX_QUERY_LENGTH = 4096;
export const MAX_QUERY_VALUES = 500;
/**
 * Filter values in one request, nested ones included. Each is one bound parameter, and SQLite takes
 * at most 32,766 in a statement: 100 filters of 500 values (Appwrite's own limits) failed with a 500.
 */
export const MAX_QUERY_VALUES_TOTAL = 10_000;
/**
 * Full-text filters (`search`, `notSearch`) in one request, nested ones included. Each is a join
 * PostgreSQL plans with the others: 50 took 3 s and 100 the whole 30 s statement timeout, in an
 * 11 KB URL any guest may send. Appwrite has no such limit; a real search needs one or two.
 */
export const MAX_FULLTEXT_QUERIES = 10;
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 5000;
export const MAX_OFFSET = 5_000_000;

export type Scalar = string | number | boolean | null;

const comparisonArity = {
  equal: 'many',
  notEqual: 'one',
  lessThan: 'one',
  lessThanEqual: 'one',
  greaterThan: 'one',
  greaterThanEqual: 'one',
  between: 'two',
  notBetween: 'two',
  isNull: 'none',
  isNotNull: 'none',
  startsWith: 'one',
  notStartsWith: 'one',
  endsWith: 'one',
  notEndsWith: 'one',
  contains: 'many',
  notContains: 'many',
  search: 'one',
  notSearch: 'one',
} as const;

export type FilterMethod = keyof typeof comparisonArity;
export type LogicalMethod = 'and' | 'or';

export type FilterQuery =
  | { kind: 'filter'; method: FilterMethod; attribute: string; values: Scalar[] }
  | { kind: 'logical'; method: LogicalMethod; queries: FilterQuery[] };

export type Query =
  | FilterQuery
  | { kind: 'select'; attributes: string[] }
  | { kind: 'order'; direction: 'asc' | 'desc'; attribute: string }
  | { kind: 'limit'; value: number }
  | { kind: 'offset'; value: number }
  | { kind: 'cursor'; direction: 'after' | 'before'; documentId: string };

export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

function isFilterMethod(method: string): method is FilterMethod {
  return Object.hasOwn(comparisonArity, method);
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function capitalised(method: string): string {
  return method.charAt(0).toUpperCase() + method.slice(1);
}

function parseAttribute(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw new QueryError('Invalid query: Attribute must be a string');
  return raw;
}

function parseValues(raw: unknown): unknown[] {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw)) return raw;
  return [raw];
}

function scalarValues(method: string, values: unknown[]): Scalar[] {
  if (values.length > MAX_QUERY_VALUES) {
    throw new QueryError(`Invalid query: ${capitalised(method)} queries accept at most ${MAX_QUERY_VALUES} values.`);
  }
  for (const value of values) {
    if (!isScalar(value) || (typeof value === 'number' && !Number.isFinite(value))) {
      throw new QueryError(`Invalid query: ${capitalised(method)} queries values must be strings, numbers, booleans or null.`);
    }
  }
  return values as Scalar[];
}

function requireAttribute(method: string, attribute: string): void {
  if (attribute === '') throw new QueryError(`Invalid query: ${capitalised(method)} queries require an attribute.`);
}

function parseInteger(method: string, values: unknown[], minimum: number, maximum: number): number {
  const [value] = values;
  if (values.length !== 1 || typeof value !== 'number' || !Number.isInteger(value)) {
    throw new QueryError(`Invalid query: ${capitalised(method)} queries require exactly one integer value.`);
  }
  if (value < minimum || value > maximum) {
    throw new QueryError(`Invalid query: ${capitalised(method)} must be between ${minimum} and ${maximum}.`);
  }
  return value;
}

function parseFilter(method: FilterMethod, attribute: string, rawValues: unknown[]): FilterQuery {
  requireAttribute(method, attribute);
  const values = scalarValues(method, rawValues);
  const arity = comparisonArity[method];
  const ok =
    (arity === 'none' && values.length === 0) ||
    (arity === 'one' && values.length === 1) ||
    (arity === 'two' && values.length === 2) ||
    (arity === 'many' && values.length >= 1);
  if (!ok) {
    const expected = { none: 'no values', one: 'exactly one value', two: 'exactly two values', many: 'at least one value' }[arity];
    throw new QueryError(`Invalid query: ${capitalised(method)} queries require ${expected}.`);
  }
  return { kind: 'filter', method, attribute, values };
}

function parseObject(input: unknown, depth: number): Query {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new QueryError('Invalid query: must be a JSON object');
  }
  const record = input as Record<string, unknown>;
  const method = record['method'];
  // JSON text, not String(): an object such as {"toString": null} cannot be turned into a string.
  if (typeof method !== 'string') throw new QueryError(`Invalid query method: ${JSON.stringify(method) ?? 'undefined'}`);
  const attribute = parseAttribute(record['attribute']);
  const values = parseValues(record['values']);

  if (isFilterMethod(method)) return parseFilter(method, attribute, values);
  switch (method) {
    case 'and':
    case 'or': {
      if (depth >= 3) throw new QueryError('Invalid query: logical queries may nest at most 3 levels.');
      if (values.length < 2) throw new QueryError(`Invalid query: ${capitalised(method)} queries require at least two queries.`);
      const queries = values.map((value) => {
        const nested = parseObject(typeof value === 'string' ? parseJson(value) : value, depth + 1);
        if (nested.kind !== 'filter' && nested.kind !== 'logical') {
          throw new QueryError(`Invalid query: ${capitalised(method)} queries can only contain filter queries.`);
        }
        return nested;
      });
      return { kind: 'logical', method, queries };
    }
    case 'select': {
      if (values.length === 0) throw new QueryError('Invalid query: Select queries require at least one attribute.');
      if (!values.every((value): value is string => typeof value === 'string' && value !== '')) {
        throw new QueryError('Invalid query: Select queries require attribute names.');
      }
      return { kind: 'select', attributes: values };
    }
    case 'orderAsc':
    case 'orderDesc':
      if (values.length !== 0) throw new QueryError(`Invalid query: ${capitalised(method)} queries take no values.`);
      return { kind: 'order', direction: method === 'orderAsc' ? 'asc' : 'desc', attribute };
    case 'limit':
      return { kind: 'limit', value: parseInteger(method, values, 1, MAX_LIMIT) };
    case 'offset':
      return { kind: 'offset', value: parseInteger(method, values, 0, MAX_OFFSET) };
    case 'cursorAfter':
    case 'cursorBefore': {
      const [documentId] = values;
      if (values.length !== 1 || typeof documentId !== 'string' || documentId === '') {
        throw new QueryError(`Invalid query: ${capitalised(method)} queries require exactly one document id.`);
      }
      return { kind: 'cursor', direction: method === 'cursorAfter' ? 'after' : 'before', documentId };
    }
    default:
      throw new QueryError('Invalid query method: ' + method);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new QueryError('Invalid query: ' + (error instanceof Error ? error.message : 'Syntax error'));
  }
}

/** Parses one wire query string. Throws only QueryError. */
export function parseQuery(text: string): Query {
  if (text.length > MAX_QUERY_LENGTH) {
    throw new QueryError(`Invalid query: Query string must be at most ${MAX_QUERY_LENGTH} characters.`);
  }
  return parseObject(parseJson(text), 0);
}

export interface QueryPlan {
  filters: FilterQuery[];
  select: string[] | null;
  orders: { attribute: string; direction: 'asc' | 'desc' }[];
  limit: number;
  offset: number;
  cursor: { direction: 'after' | 'before'; documentId: string } | null;
}

function filterLeaves(filters: readonly FilterQuery[]): Extract<FilterQuery, { kind: 'filter' }>[] {
  return filters.flatMap((filter) => (filter.kind === 'filter' ? [filter] : filterLeaves(filter.queries)));
}

/** What the filters of one request may cost together (MAX_QUERY_VALUES_TOTAL, MAX_FULLTEXT_QUERIES). */
function checkFilterWeight(filters: readonly FilterQuery[]): void {
  const leaves = filterLeaves(filters);
  const values = leaves.reduce((total, leaf) => total + leaf.values.length, 0);
  if (values > MAX_QUERY_VALUES_TOTAL) throw new QueryError(`Invalid query: The filters of one request may hold at most ${MAX_QUERY_VALUES_TOTAL} values in all.`);
  const searches = leaves.filter((leaf) => leaf.method === 'search' || leaf.method === 'notSearch').length;
  if (searches > MAX_FULLTEXT_QUERIES) throw new QueryError(`Invalid query: At most ${MAX_FULLTEXT_QUERIES} search queries are allowed in one request.`);
}

/** Parses a whole `queries` param and groups it by role; at most one limit, offset and cursor. */
export function parseQueries(texts: readonly string[]): QueryPlan {
  if (texts.length > MAX_QUERIES) throw new QueryError(`Invalid query: At most ${MAX_QUERIES} queries are allowed.`);
  const plan: QueryPlan = { filters: [], select: null, orders: [], limit: DEFAULT_LIMIT, offset: 0, cursor: null };
  let seenLimit = false;
  let seenOffset = false;
  for (const text of texts) {
    const query = parseQuery(text);
    switch (query.kind) {
      case 'filter':
      case 'logical':
        plan.filters.push(query);
        break;
      case 'select':
        plan.select = [...(plan.select ?? []), ...query.attributes];
        break;
      case 'order':
        plan.orders.push({ attribute: query.attribute, direction: query.direction });
        break;
      case 'limit':
        if (seenLimit) throw new QueryError('Invalid query: Only one limit query is allowed.');
        seenLimit = true;
        plan.limit = query.value;
        break;
      case 'offset':
        if (seenOffset) throw new QueryError('Invalid query: Only one offset query is allowed.');
        seenOffset = true;
        plan.offset = query.value;
        break;
      case 'cursor':
        if (plan.cursor) throw new QueryError('Invalid query: Only one cursor query is allowed.');
        plan.cursor = { direction: query.direction, documentId: query.documentId };
        break;
    }
  }
  checkFilterWeight(plan.filters);
  return plan;
}
