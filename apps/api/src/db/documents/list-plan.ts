import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import { parseQueries, QueryError, type QueryPlan } from '@ballot-atlas/shared/appwrite/query';
import { AppwriteError, argumentInvalid } from '../../core/errors.ts';

export interface ListRequest {
  queries: readonly string[];
  /** Free text matched against the list's full-text attribute. */
  search?: string | undefined;
}

/**
 * The plan of a list that is not a collection (files, teams, memberships): queries may name only
 * the attributes Appwrite lets clients filter and sort that list by, `search` becomes a full-text
 * filter on `searchAttribute`, and `fixed` filters (the caller's scope) are always added.
 */
export function whitelistedPlan(request: ListRequest, queryable: ReadonlySet<string>, searchAttribute: string, fixed: readonly string[] = []): QueryPlan {
  const searched = request.search ? [JSON.stringify({ method: 'search', attribute: searchAttribute, values: [request.search] })] : [];
  try {
    const plan = parseQueries([...request.queries, ...searched]);
    const named = [...plan.orders.map((order) => order.attribute), ...plan.filters.flatMap((filter) => ('attribute' in filter && filter.attribute !== searchAttribute ? [filter.attribute] : []))];
    // Appwrite checks these lists' attributes in the `queries` param's validator, hence its error type.
    const unknown = named.find((attribute) => !queryable.has(attribute));
    if (unknown) throw argumentInvalid('queries', `Invalid query: Attribute not found in schema: ${unknown}`);
    if (plan.select) throw new QueryError('Invalid query: Select queries are not supported here.');
    if (plan.cursor && !isValidId(plan.cursor.documentId)) throw new AppwriteError('general_cursor_not_found');
    if (fixed.length) plan.filters.push(...parseQueries(fixed).filters);
    return plan;
  } catch (error) {
    if (error instanceof QueryError) throw new AppwriteError('general_query_invalid', error.message);
    throw error;
  }
}

/** Runs a list whose store may still refuse a query (an order on an array), with Appwrite's error. */
export async function withQueryErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QueryError) throw new AppwriteError('general_query_invalid', error.message);
    throw error;
  }
}
