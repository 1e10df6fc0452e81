import type { SortOrder } from './collections';

export const PAGE_SIZE = 25;
const MAX_SEARCH_LENGTH = 256;

/** What a records table shows, from its URL (`?q=…&sort=name&order=desc&page=2`), so every view has an address. */
export interface TableQuery {
  search: string;
  sort: SortOrder;
  page: number;
}

/** Reads the table's parameters; an unknown sort column or a bad page falls back to the defaults. */
export function readTableQuery(params: URLSearchParams, sortable: readonly string[], fallback: SortOrder): TableQuery {
  const search = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const key = params.get('sort') ?? '';
  const order = params.get('order');
  const sort: SortOrder = sortable.includes(key) ? { key, direction: order === 'desc' ? 'desc' : 'asc' } : fallback;
  const page = Number(params.get('page'));
  return { search, sort, page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1 };
}

/** The table's address for `query`; default values are left out. */
export function tableSearch(query: TableQuery, fallback: SortOrder): string {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  if (query.sort.key !== fallback.key || query.sort.direction !== fallback.direction) {
    params.set('sort', query.sort.key);
    params.set('order', query.sort.direction);
  }
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Clicking a column header: sort by it ascending, or flip it when it is already the sort column. Back to page 1. */
export function sortedBy(query: TableQuery, key: string): TableQuery {
  const direction = query.sort.key === key && query.sort.direction === 'asc' ? 'desc' : 'asc';
  return { ...query, sort: { key, direction }, page: 1 };
}

/** `1–25 of 3,012`: the positions of the rows shown. */
export function rowRange(page: number, rows: number, total: number): { first: number; last: number; total: number } {
  const first = rows === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  return { first, last: rows === 0 ? 0 : first + rows - 1, total };
}
