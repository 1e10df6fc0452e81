import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { parseQueries, QueryError, type FilterQuery, type QueryPlan, type Scalar } from '@ballot-atlas/shared/appwrite/query';
import { normalizeDate } from '../../core/dates.ts';
import { AppwriteError, argumentInvalid } from '../../core/errors.ts';
import type { SqlDialect } from '../../db/dialect.ts';

/**
 * Queries on the users list, compiled to SQL on `_auth_users`: the attributes Appwrite lets keys
 * filter and sort users by (its Queries\Users validator, less `impersonator`, which this server
 * does not have), and `search` over id, e-mail, phone and name.
 */
type Kind = 'string' | 'boolean' | 'datetime' | 'labels';

const attributes: Readonly<Record<string, { column: string; kind: Kind }>> = {
  $id: { column: 'id', kind: 'string' },
  $createdAt: { column: 'created_at', kind: 'datetime' },
  $updatedAt: { column: 'updated_at', kind: 'datetime' },
  name: { column: 'name', kind: 'string' },
  email: { column: 'email', kind: 'string' },
  phone: { column: 'phone', kind: 'string' },
  status: { column: 'status', kind: 'boolean' },
  passwordUpdate: { column: 'password_updated_at', kind: 'datetime' },
  registration: { column: 'created_at', kind: 'datetime' },
  emailVerification: { column: 'email_verification', kind: 'boolean' },
  phoneVerification: { column: 'phone_verification', kind: 'boolean' },
  labels: { column: 'labels', kind: 'labels' },
  accessedAt: { column: 'accessed_at', kind: 'datetime' },
};

/** What the search term is matched against, as Appwrite's `search` attribute of users joins them. */
const SEARCHED_COLUMNS = ['id', 'email', 'phone', 'name'];

function invalidValue(attribute: string): never {
  throw new QueryError(`Invalid query: Query value is invalid for attribute "${attribute}"`);
}

function bound(attribute: string, kind: Kind, value: Scalar): unknown {
  if (kind === 'boolean') return typeof value === 'boolean' ? Number(value) : invalidValue(attribute);
  if (typeof value !== 'string') return invalidValue(attribute);
  if (kind === 'datetime') return normalizeDate(value) ?? invalidValue(attribute);
  return value;
}

function likePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function like(expression: RawBuilder<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${expression} like ${pattern} escape '\\'`;
}

function searchCondition(term: string): RawBuilder<SqlBool> {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return sql<SqlBool>`1 = 1`;
  const matchesWord = (word: string) => sql<SqlBool>`(${sql.join(SEARCHED_COLUMNS.map((column) => like(sql`lower(coalesce(${sql.ref(column)}, ''))`, `%${likePattern(word)}%`)), sql` or `)})`;
  return sql<SqlBool>`(${sql.join(words.map(matchesWord), sql` and `)})`;
}

function compileFilter(dialect: SqlDialect, query: FilterQuery): RawBuilder<SqlBool> {
  if (query.kind === 'logical') {
    const parts = query.queries.map((inner) => compileFilter(dialect, inner));
    return sql<SqlBool>`(${sql.join(parts, query.method === 'and' ? sql` and ` : sql` or `)})`;
  }
  if (query.method === 'search' || query.method === 'notSearch') {
    if (query.attribute !== 'search' || typeof query.values[0] !== 'string') throw new QueryError(`Invalid query: Searching by attribute "${query.attribute}" requires a fulltext index.`);
    const condition = searchCondition(query.values[0]);
    return query.method === 'search' ? condition : sql<SqlBool>`not ${condition}`;
  }
  const target = Object.hasOwn(attributes, query.attribute) ? attributes[query.attribute] : undefined;
  if (!target) throw argumentInvalid('queries', `Invalid query: Attribute not found in schema: ${query.attribute}`);
  const column = sql.ref(target.column);
  const value = (index = 0) => bound(query.attribute, target.kind, query.values[index] ?? null);
  if (target.kind === 'labels') {
    if (query.method !== 'contains' && query.method !== 'notContains') throw new QueryError(`Invalid query: Cannot query ${query.method} on attribute "labels" because it is an array.`);
    const any = sql<SqlBool>`(${sql.join(query.values.map((label) => dialect.textContains(target.column, JSON.stringify(bound('labels', 'string', label)))), sql` or `)})`;
    return query.method === 'contains' ? any : sql<SqlBool>`not ${any}`;
  }
  const needsString = () => {
    if (target.kind !== 'string') throw new QueryError(`Invalid query: Cannot query ${query.method} on attribute "${query.attribute}" because it is not a string.`);
    return value() as string;
  };
  switch (query.method) {
    case 'equal':
      return sql<SqlBool>`${column} in (${sql.join(query.values.map((entry) => bound(query.attribute, target.kind, entry)))})`;
    case 'notEqual':
      return sql<SqlBool>`(${column} is null or ${column} != ${value()})`;
    case 'lessThan':
      return sql<SqlBool>`${column} < ${value()}`;
    case 'lessThanEqual':
      return sql<SqlBool>`${column} <= ${value()}`;
    case 'greaterThan':
      return sql<SqlBool>`${column} > ${value()}`;
    case 'greaterThanEqual':
      return sql<SqlBool>`${column} >= ${value()}`;
    case 'between':
      return sql<SqlBool>`${column} between ${value(0)} and ${value(1)}`;
    case 'notBetween':
      return sql<SqlBool>`not (${column} between ${value(0)} and ${value(1)})`;
    case 'isNull':
      return sql<SqlBool>`${column} is null`;
    case 'isNotNull':
      return sql<SqlBool>`${column} is not null`;
    case 'startsWith':
      return like(column, `${likePattern(needsString())}%`);
    case 'notStartsWith':
      return sql<SqlBool>`not ${like(column, `${likePattern(needsString())}%`)}`;
    case 'endsWith':
      return like(column, `%${likePattern(needsString())}`);
    case 'notEndsWith':
      return sql<SqlBool>`not ${like(column, `%${likePattern(needsString())}`)}`;
    case 'contains':
      return dialect.textContains(target.column, needsString());
    case 'notContains':
      return sql<SqlBool>`not ${dialect.textContains(target.column, needsString())}`;
  }
}

export interface UserListQuery {
  plan: QueryPlan;
  where: RawBuilder<SqlBool>[];
  orders: { column: string; direction: 'asc' | 'desc' }[];
}

/** Parses and compiles the list's queries; a bad one is Appwrite's `general_query_invalid` (an unknown attribute: the param's 400). */
export function compileUserListQuery(dialect: SqlDialect, queries: readonly string[], search: string | undefined): UserListQuery {
  try {
    const plan = parseQueries(queries);
    if (plan.select) throw new QueryError('Invalid query: Select queries are not supported here.');
    const filters = search ? [...plan.filters, { kind: 'filter' as const, method: 'search' as const, attribute: 'search', values: [search] }] : plan.filters;
    const orders = plan.orders.map((order) => {
      const target = Object.hasOwn(attributes, order.attribute) ? attributes[order.attribute] : undefined;
      if (!target) throw argumentInvalid('queries', `Invalid query: Attribute not found in schema: ${order.attribute}`);
      if (target.kind === 'labels') throw new QueryError('Invalid query: Cannot order by attribute "labels" because it is an array.');
      return { column: target.column, direction: order.direction };
    });
    return { plan, where: filters.map((filter) => compileFilter(dialect, filter)), orders };
  } catch (error) {
    if (error instanceof QueryError) throw new AppwriteError('general_query_invalid', error.message);
    throw error;
  }
}
