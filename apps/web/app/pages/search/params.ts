import { staticPaths } from '../../lib/urls';

/** What can be searched, in the order groups are shown; the values are the `?type=` values. */
export const SEARCH_TYPES = ['candidates', 'parties', 'regions', 'subregions', 'districts', 'electoral_areas'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const RESULTS_PER_PAGE = 25;
/** Results per group when every type is shown at once. */
export const PREVIEW_SIZE = 5;
export const MAX_QUERY_LENGTH = 200;
const MAX_PAGE = 10_000;

/** `/search?q=&type=&region=&party=&office=&page=`: region and office are slugs, party an id or `independent`. */
export interface SearchParams {
  q: string;
  type: SearchType | null;
  region: string;
  party: string;
  office: string;
  page: number;
}

function isSearchType(value: string | null): value is SearchType {
  return (SEARCH_TYPES as readonly string[]).includes(value ?? '');
}

export function readSearchParams(search: URLSearchParams): SearchParams {
  const page = Number(search.get('page'));
  const text = (name: string): string => (search.get(name) ?? '').trim().slice(0, 100);
  const type = search.get('type');
  return {
    q: (search.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    type: isSearchType(type) ? type : null,
    region: text('region'),
    party: text('party'),
    office: text('office'),
    page: Number.isInteger(page) && page > 0 && page <= MAX_PAGE ? page : 1,
  };
}

/** A search URL; empty values and page 1 are left out so equal searches share one address. */
export function searchHref(params: Partial<SearchParams>): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.type) query.set('type', params.type);
  if (params.region) query.set('region', params.region);
  if (params.party) query.set('party', params.party);
  if (params.office) query.set('office', params.office);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `${staticPaths.search}?${text}` : staticPaths.search;
}

export function hasCandidateFilters(params: SearchParams): boolean {
  return Boolean(params.region || params.party || params.office);
}
