/**
 * What the raw baselines understand of a list request: the SDK's `queries[n]` JSON for the
 * benchmark scenarios (equal on the area, search on the name, orderAsc by name, limit, offset) and
 * nothing else, plus the PostgreSQL tsquery our dialect builds from a search string.
 */
import { searchTerms } from '../../packages/shared/src/text/search-text.ts';

export interface ListRequest {
  area?: string;
  search?: string;
  limit: number;
  offset: number;
}

/** The list request, or the reason it is not one of the benchmark's. */
export function parseListRequest(params: URLSearchParams): ListRequest | string {
  const request: ListRequest = { limit: 25, offset: 0 };
  let ordered = false;
  for (const [key, value] of params) {
    if (!key.startsWith('queries')) continue;
    const query = JSON.parse(value) as { method: string; attribute?: string; values?: unknown[] };
    const first = query.values?.[0];
    if (query.method === 'equal' && query.attribute === 'electoralAreaId' && typeof first === 'string') request.area = first;
    else if (query.method === 'search' && query.attribute === 'name' && typeof first === 'string') request.search = first;
    else if (query.method === 'orderAsc' && query.attribute === 'name') ordered = true;
    else if (query.method === 'limit' && typeof first === 'number') request.limit = first;
    else if (query.method === 'offset' && typeof first === 'number') request.offset = first;
    else return `unsupported query ${value}`;
  }
  if (request.area !== undefined && !ordered) return 'the area scenario orders by name';
  if (request.area === undefined && request.search === undefined) return 'need an equal(electoralAreaId) or search(name) query';
  return request;
}

/** `to_tsquery('simple', …)` text for a search string: all terms, the last one as a prefix; undefined when it has none. */
export function postgresTsQuery(text: string): string | undefined {
  const terms = searchTerms(text);
  if (terms.length === 0) return undefined;
  return terms.map((term, index) => (index === terms.length - 1 ? `${term}:*` : term)).join(' & ');
}
