import { parseQueries, QueryError, type QueryPlan } from '@ballot-atlas/shared/appwrite/query';
import { AppwriteError } from '../../core/errors.ts';

function plan(queries: readonly string[]): QueryPlan {
  try {
    return parseQueries(queries);
  } catch (error) {
    if (error instanceof QueryError) throw new AppwriteError('general_query_invalid', error.message);
    throw error;
  }
}

function onlyAllowed(refused: boolean, allowed: string): void {
  if (refused) throw new AppwriteError('general_query_invalid', `Invalid query: Only ${allowed} queries are allowed here.`);
}

/** Lists of the account service (logs) page with limit and offset only. */
export function pageFromQueries(queries: readonly string[] = []): { limit: number; offset: number } {
  const parsed = plan(queries);
  onlyAllowed(parsed.filters.length > 0 || parsed.orders.length > 0 || parsed.cursor !== null || parsed.select !== null, 'limit and offset');
  return { limit: parsed.limit, offset: parsed.offset };
}

/** `column = any of values`, or `column != value` when negated. */
export interface EqualityFilter<C extends string> {
  column: C;
  values: string[];
  negate: boolean;
}

/**
 * Limit, offset, and equal / notEqual filters on the attributes Appwrite lets a client filter this
 * list by (`columns` maps each attribute to its column), e.g. identities by provider.
 */
export function filteredPageFromQueries<C extends string>(queries: readonly string[] = [], columns: Readonly<Record<string, C>>): { limit: number; offset: number; filters: EqualityFilter<C>[] } {
  const parsed = plan(queries);
  onlyAllowed(parsed.orders.length > 0 || parsed.cursor !== null || parsed.select !== null, 'limit, offset, equal and notEqual');
  const filters = parsed.filters.map((filter): EqualityFilter<C> => {
    if (filter.kind !== 'filter' || (filter.method !== 'equal' && filter.method !== 'notEqual')) {
      throw new AppwriteError('general_query_invalid', `Invalid query: Query method not allowed here: ${filter.method}`);
    }
    const column = Object.hasOwn(columns, filter.attribute) ? columns[filter.attribute] : undefined;
    if (!column) throw new AppwriteError('general_query_invalid', `Invalid query: Attribute not found in schema: ${filter.attribute}`);
    if (!filter.values.every((value) => typeof value === 'string')) {
      throw new AppwriteError('general_query_invalid', `Invalid query: Query value is invalid for attribute "${filter.attribute}"`);
    }
    return { column, values: filter.values as string[], negate: filter.method === 'notEqual' };
  });
  return { limit: parsed.limit, offset: parsed.offset, filters };
}
