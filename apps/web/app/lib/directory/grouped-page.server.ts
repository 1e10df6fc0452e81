import { Query } from 'appwrite';
import { CANDIDATE_ROW_FIELDS, CANDIDATES_PER_PAGE, type CandidateRowSource } from './candidate-row-source';
import { countOf, listPage, type ListPage } from './query.server';

/** One group of a grouped list (usually an office) and the filters that select its candidates. */
export interface GroupSpec<K> {
  key: K;
  queries: string[];
  /**
   * The attributes that follow the filtered ones in the index the filters use (appwrite.json).
   * A count is the API's one-row page plus its count; ordering that row like the index lets it
   * stop at the first match instead of sorting every match by sequence.
   */
  indexOrder?: readonly string[];
}

export interface GroupSlice<K> {
  key: K;
  total: number;
  candidates: CandidateRowSource[];
}

export interface GroupedPage<K> {
  total: number;
  pageCount: number;
  groups: GroupSlice<K>[];
}

/** indexOrder of groups filtered by area or district, election and office (their `…ElectionOffice` indexes). */
export const PLACE_ELECTION_OFFICE_INDEX_ORDER = ['ballotNumber', 'name'] as const;

/** Places on a ballot, area by area: stable and meaningful to voters. */
const CANDIDATE_ORDER = [Query.orderAsc('regionId'), Query.orderAsc('districtId'), Query.orderAsc('electoralAreaId'), Query.orderAsc('ballotNumber'), Query.orderAsc('name')];

/** For each group (in order), the [offset, limit] of its part of page `page`, or null if none falls on it. */
export function pageSlices(totals: number[], page: number, perPage: number): ([offset: number, limit: number] | null)[] {
  const pageStart = (page - 1) * perPage;
  let before = 0;
  return totals.map((total) => {
    const start = Math.max(0, pageStart - before);
    const end = Math.min(total, pageStart + perPage - before);
    before += total;
    return end > start ? [start, end - start] : null;
  });
}

function fetchSlice<K>(request: Request, group: GroupSpec<K>, offset: number, limit: number, withTotal: boolean) {
  const queries = [...group.queries, ...CANDIDATE_ORDER, Query.select(CANDIDATE_ROW_FIELDS), Query.limit(limit), Query.offset(offset)];
  return listPage<CandidateRowSource>(request, 'candidates', queries, { total: withTotal });
}

function countGroup<K>(request: Request, group: GroupSpec<K>): Promise<number> {
  return countOf(request, 'candidates', [...group.queries, ...(group.indexOrder ?? []).map((attribute) => Query.orderAsc(attribute))]);
}

/** The groups' totals (in group order) and, on page 1, the first group's first page, fetched with its count. */
export interface GroupCounts {
  totals: number[];
  lead: Promise<ListPage<CandidateRowSource>> | null;
}

/**
 * Counts the groups of page `page`. Page 1 always starts at the first group's first row, so that
 * group's first page is fetched with its count in one request instead of two.
 */
export async function countGroups<K>(request: Request, groups: GroupSpec<K>[], page: number, perPage = CANDIDATES_PER_PAGE): Promise<GroupCounts> {
  const lead = page === 1 && groups[0] ? fetchSlice(request, groups[0], 0, perPage, true) : null;
  const totals = await Promise.all(groups.map((group, index) => (index === 0 && lead ? lead.then((result) => result.total) : countGroup(request, group))));
  return { totals, lead };
}

/** Page `page` of groups counted by countGroups: only the slice of each group that falls on it is fetched. Null past the end. */
export async function pageOfCountedGroups<K>(request: Request, groups: GroupSpec<K>[], { totals, lead }: GroupCounts, page: number, perPage = CANDIDATES_PER_PAGE): Promise<GroupedPage<K> | null> {
  const total = totals.reduce((sum, count) => sum + count, 0);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  if (page > pageCount) return null;
  const slices = pageSlices(totals, page, perPage);
  const fetched = groups.flatMap((group, index) => {
    const slice = slices[index];
    if (!slice) return [];
    const [offset, limit] = slice;
    // The lead page holds exactly this slice: on page 1 the first group's slice is its first min(total, perPage) rows.
    const candidates = index === 0 && lead ? lead.then((result) => result.items) : fetchSlice(request, group, offset, limit, false).then((result) => result.items);
    return [candidates.then((items): GroupSlice<K> => ({ key: group.key, total: totals[index] ?? 0, candidates: items }))];
  });
  return { total, pageCount, groups: await Promise.all(fetched) };
}

/** One page of candidates across ordered groups: the groups are counted, then only the slice of each group on this page is fetched. */
export async function groupedCandidatePage<K>(request: Request, groups: GroupSpec<K>[], page: number, perPage = CANDIDATES_PER_PAGE): Promise<GroupedPage<K> | null> {
  return pageOfCountedGroups(request, groups, await countGroups(request, groups, page, perPage), page, perPage);
}
