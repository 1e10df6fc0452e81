import { Query } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { groupedCandidatePage, pageSlices, type GroupSpec } from './grouped-page.server';

describe('pageSlices', () => {
  it('takes a page from consecutive groups', () => {
    expect(pageSlices([3, 22, 40], 1, 25)).toEqual([[0, 3], [0, 22], null]);
    expect(pageSlices([3, 22, 40], 2, 25)).toEqual([null, null, [0, 25]]);
    expect(pageSlices([10, 30], 2, 25)).toEqual([null, [15, 15]]);
  });

  it('covers every item exactly once over all pages', () => {
    const totals = [7, 0, 31, 2, 60];
    const seen = totals.map(() => 0);
    for (let page = 1; page <= 4; page++) {
      pageSlices(totals, page, 25).forEach((slice, group) => {
        if (slice) seen[group]! += slice[1];
      });
    }
    expect(seen).toEqual(totals);
  });

  it('is empty past the end', () => {
    expect(pageSlices([5], 2, 25)).toEqual([null]);
  });
});

const calls: { queries: string[]; total: boolean }[] = [];
const officeSizes = new Map<string, number>();

vi.mock('./query.server', () => {
  const read = (queries: string[]) => {
    const parsed = queries.map((query) => JSON.parse(query) as { method: string; attribute?: string; values?: unknown[] });
    const value = (method: string, attribute?: string) => parsed.find((query) => query.method === method && query.attribute === attribute)?.values?.[0];
    const office = String(value('equal', 'officeId'));
    const size = Math.min(officeSizes.get(office) ?? 0, 5000);
    return { office, size, limit: Number(value('limit') ?? 25), offset: Number(value('offset') ?? 0) };
  };
  const listPage = async (_request: Request, _collection: string, queries: string[], options: { total?: boolean } = {}) => {
    calls.push({ queries, total: options.total ?? true });
    const { office, size, limit, offset } = read(queries);
    const items = Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, index) => ({ $id: `${office}-${offset + index}` }));
    return { total: options.total === false ? 0 : size, items };
  };
  return {
    listPage,
    countOf: async (request: Request, collection: string, queries: string[]) => (await listPage(request, collection, [...queries, Query.limit(1)])).total,
    listAll: async () => [],
  };
});

function groupsOf(sizes: Record<string, number>): GroupSpec<string>[] {
  officeSizes.clear();
  for (const [office, size] of Object.entries(sizes)) officeSizes.set(office, size);
  return Object.keys(sizes).map((office) => ({ key: office, queries: [Query.equal('officeId', office)], indexOrder: ['ballotNumber', 'name'] }));
}

/** Every candidate id of every page, in page order, as the page function returns them. */
async function allPages(groups: GroupSpec<string>[], perPage: number) {
  const pages: { ids: string[]; totals: Record<string, number>; pageCount: number; total: number }[] = [];
  for (let page = 1; ; page++) {
    const result = await groupedCandidatePage(new Request('http://site.test/'), groups, page, perPage);
    if (!result) return pages;
    pages.push({
      ids: result.groups.flatMap((group) => group.candidates.map((candidate) => candidate.$id)),
      totals: Object.fromEntries(result.groups.map((group) => [group.key, group.total])),
      pageCount: result.pageCount,
      total: result.total,
    });
  }
}

describe('groupedCandidatePage', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('lists every candidate of every group once, in group order, over all pages', async () => {
    const sizes = { o1: 7, o2: 0, o3: 31, o4: 2, o5: 60 };
    const pages = await allPages(groupsOf(sizes), 25);
    const expected = Object.entries(sizes).flatMap(([office, size]) => Array.from({ length: size }, (_, index) => `${office}-${index}`));
    expect(pages.flatMap((page) => page.ids)).toEqual(expected);
    expect(pages.map((page) => page.ids.length)).toEqual([25, 25, 25, 25]);
    expect(pages.every((page) => page.total === 100 && page.pageCount === 4)).toBe(true);
    expect(pages[0]?.totals).toEqual({ o1: 7, o3: 31 });
  });

  it('gets the first group\'s count with its first page on page 1: one request per group', async () => {
    await groupedCandidatePage(new Request('http://site.test/'), groupsOf({ o1: 40, o2: 3, o3: 9 }), 1, 25);
    expect(calls).toHaveLength(3);
    expect(calls.filter((call) => call.total)).toHaveLength(3);
    const lead = calls.find((call) => call.queries.includes(Query.equal('officeId', 'o1')))!;
    expect(lead.queries).toContain(Query.limit(25));
  });

  it('fetches the next groups after a short first group, without counting anything twice', async () => {
    const groups = groupsOf({ o1: 10, o2: 30 });
    const first = await groupedCandidatePage(new Request('http://site.test/'), groups, 1, 25);
    expect(first?.groups.map((group) => [group.key, group.total, group.candidates.length])).toEqual([['o1', 10, 10], ['o2', 30, 15]]);
    expect(calls).toHaveLength(3);
    expect(calls.filter((call) => !call.total)).toHaveLength(1);
  });

  it('counts in index order, so a count\'s one-row page does not sort every match', async () => {
    await groupedCandidatePage(new Request('http://site.test/'), groupsOf({ o1: 5, o2: 5 }), 1, 25);
    const count = calls.find((call) => call.queries.includes(Query.equal('officeId', 'o2')) && call.queries.includes(Query.limit(1)))!;
    expect(count.queries).toEqual([Query.equal('officeId', 'o2'), Query.orderAsc('ballotNumber'), Query.orderAsc('name'), Query.limit(1)]);
  });

  it('counts every group on later pages and is null past the end', async () => {
    const groups = groupsOf({ o1: 30, o2: 30 });
    const second = await groupedCandidatePage(new Request('http://site.test/'), groups, 2, 25);
    expect(second?.groups.map((group) => [group.key, group.candidates[0]?.$id, group.candidates.length])).toEqual([['o1', 'o1-25', 5], ['o2', 'o2-0', 20]]);
    expect(await groupedCandidatePage(new Request('http://site.test/'), groups, 4, 25)).toBeNull();
  });

  it('has one empty page when no group has candidates', async () => {
    expect(await groupedCandidatePage(new Request('http://site.test/'), groupsOf({ o1: 0, o2: 0 }), 1, 25)).toEqual({ total: 0, pageCount: 1, groups: [] });
    expect(await groupedCandidatePage(new Request('http://site.test/'), [], 1, 25)).toEqual({ total: 0, pageCount: 1, groups: [] });
  });
});
