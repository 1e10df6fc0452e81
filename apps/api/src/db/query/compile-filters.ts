import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { QueryError, type FilterQuery, type Scalar } from '@ballot-atlas/shared/appwrite/query';
import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { normalizeDate } from '../../core/dates.ts';
import type { CollectionDefinition } from '../../schema/project-schema.ts';
import { isStorableText } from '../../schema/validate-document.ts';
import type { SqlDialect } from '../dialect.ts';
import type { CollectionTables } from '../physical-names.ts';
import { hasFulltextIndex, resolveAttribute, type ResolvedAttribute } from './resolve-attribute.ts';

export interface FilterContext {
  collection: CollectionDefinition;
  dialect: SqlDialect;
  tables: CollectionTables;
}

const arrayMethods = new Set(['contains', 'notContains', 'isNull', 'isNotNull']);
const stringOnlyMethods = new Set(['startsWith', 'notStartsWith', 'endsWith', 'notEndsWith', 'search', 'notSearch']);

export function requireAttribute(collection: CollectionDefinition, name: string): ResolvedAttribute {
  const resolved = resolveAttribute(collection, name);
  if (!resolved) throw new QueryError(`Invalid query: Attribute not found in schema: ${name}`);
  return resolved;
}

/** Checks a query value against the attribute type and returns the driver value. */
function queryValue(context: FilterContext, resolved: ResolvedAttribute, value: Scalar): unknown {
  const { definition } = resolved;
  const fail = (): never => {
    throw new QueryError(`Invalid query: Query value is invalid for attribute "${definition.key}"`);
  };
  if (value === null) fail();
  switch (definition.type) {
    case 'string':
      if (typeof value !== 'string' || !isStorableText(value)) fail();
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail();
      return value;
    case 'double':
      if (typeof value !== 'number') fail();
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') fail();
      return context.dialect.encode({ ...definition, array: false }, value);
    case 'datetime': {
      const normalized = typeof value === 'string' ? normalizeDate(value) : undefined;
      if (normalized === undefined) fail();
      return normalized;
    }
  }
}

function stringValue(method: string, resolved: ResolvedAttribute, value: Scalar): string {
  if (typeof value !== 'string' || !isStorableText(value)) throw new QueryError(`Invalid query: ${method} on attribute "${resolved.definition.key}" needs a string value.`);
  return value;
}

function not(condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`not (${condition})`;
}

function compileFilter(context: FilterContext, query: Extract<FilterQuery, { kind: 'filter' }>): RawBuilder<SqlBool> {
  const resolved = requireAttribute(context.collection, query.attribute);
  const { definition } = resolved;
  const column = sql.ref(resolved.column);
  if (definition.array && !arrayMethods.has(query.method)) {
    throw new QueryError(`Invalid query: Cannot query ${query.method} on attribute "${definition.key}" because it is an array.`);
  }
  if (stringOnlyMethods.has(query.method) && definition.type !== 'string') {
    throw new QueryError(`Invalid query: Cannot query ${query.method} on attribute "${definition.key}" because it is not a string.`);
  }
  const values = query.values;
  const one = (): unknown => queryValue(context, resolved, values[0] as Scalar);
  switch (query.method) {
    case 'equal':
      return values.length === 1
        ? sql<SqlBool>`${column} = ${one()}`
        : sql<SqlBool>`${column} in (${sql.join(values.map((value) => queryValue(context, resolved, value)))})`;
    case 'notEqual':
      return sql<SqlBool>`${column} <> ${one()}`;
    case 'lessThan':
      return sql<SqlBool>`${column} < ${one()}`;
    case 'lessThanEqual':
      return sql<SqlBool>`${column} <= ${one()}`;
    case 'greaterThan':
      return sql<SqlBool>`${column} > ${one()}`;
    case 'greaterThanEqual':
      return sql<SqlBool>`${column} >= ${one()}`;
    case 'between':
    case 'notBetween': {
      const range = sql<SqlBool>`${column} between ${queryValue(context, resolved, values[0] as Scalar)} and ${queryValue(context, resolved, values[1] as Scalar)}`;
      return query.method === 'between' ? range : not(range);
    }
    case 'isNull':
      return definition.array ? sql<SqlBool>`(${column} is null or ${column} = '[]')` : sql<SqlBool>`${column} is null`;
    case 'isNotNull':
      return definition.array ? sql<SqlBool>`(${column} is not null and ${column} <> '[]')` : sql<SqlBool>`${column} is not null`;
    case 'startsWith':
    case 'notStartsWith': {
      const prefix = stringValue(query.method, resolved, values[0] as Scalar);
      const condition = sql<SqlBool>`substr(${column}, 1, ${[...prefix].length}) = ${prefix}`;
      return query.method === 'startsWith' ? condition : not(condition);
    }
    case 'endsWith':
    case 'notEndsWith': {
      const suffix = stringValue(query.method, resolved, values[0] as Scalar);
      const length = [...suffix].length;
      const condition = sql<SqlBool>`(length(${column}) >= ${length} and substr(${column}, length(${column}) - ${length - 1}) = ${suffix})`;
      return query.method === 'endsWith' ? condition : not(condition);
    }
    case 'contains':
    case 'notContains': {
      let condition: RawBuilder<SqlBool>;
      if (definition.array) {
        condition = context.dialect.arrayContainsAny(resolved.column, values.map((value) => queryValue(context, resolved, value)));
      } else {
        if (definition.type !== 'string') throw new QueryError(`Invalid query: Cannot query contains on attribute "${definition.key}" because it is not a string or an array.`);
        const parts = values.map((value) => context.dialect.textContains(resolved.column, stringValue(query.method, resolved, value)));
        condition = parts.length === 1 ? (parts[0] as RawBuilder<SqlBool>) : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
      }
      return query.method === 'contains' ? condition : not(condition);
    }
    case 'search':
    case 'notSearch': {
      if (resolved.system || !hasFulltextIndex(context.collection, definition.key)) {
        throw new QueryError(`Searching by attribute "${definition.key}" requires a fulltext index.`);
      }
      const terms = searchTerms(stringValue(query.method, resolved, values[0] as Scalar));
      if (terms.length === 0) return query.method === 'search' ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`;
      const matches = sql<SqlBool>`_seq in (${context.dialect.fulltextMatches(context.tables.fulltext(definition.key), terms)})`;
      return query.method === 'search' ? matches : not(matches);
    }
  }
}

/** Compiles filter queries into one parameterised SQL condition (true when there are none). */
export function compileFilters(context: FilterContext, filters: readonly FilterQuery[]): RawBuilder<SqlBool> {
  const parts = filters.map((filter): RawBuilder<SqlBool> => {
    if (filter.kind === 'filter') return compileFilter(context, filter);
    const nested = filter.queries.map((query) => compileFilters(context, [query]));
    return sql<SqlBool>`(${sql.join(nested, filter.method === 'and' ? sql` and ` : sql` or `)})`;
  });
  if (parts.length === 0) return sql<SqlBool>`1 = 1`;
  return parts.length === 1 ? (parts[0] as RawBuilder<SqlBool>) : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
