import { parseQuery, QueryError, type Query } from '@ballot-atlas/shared/appwrite/query';

function searches(query: Query): boolean {
  if (query.kind === 'logical') return query.queries.some(searches);
  return query.kind === 'filter' && (query.method === 'search' || query.method === 'notSearch');
}

/** True when a query of the list, nested in `and`/`or` too, is a full-text search; one that does not parse is not (it is refused later). */
export function hasFullTextQuery(texts: readonly string[] | undefined): boolean {
  return (texts ?? []).some((text) => {
    try {
      return searches(parseQuery(text));
    } catch (error) {
      if (error instanceof QueryError) return false;
      throw error;
    }
  });
}
