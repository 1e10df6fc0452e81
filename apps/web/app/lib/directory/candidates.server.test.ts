import { beforeEach, describe, expect, it, vi } from 'vitest';
import { candidatePath } from '../urls';
import { candidateRows } from './candidates.server';
import type { CandidateRowSource } from './candidate-row-source';

const lookups: { collection: string; ids: string[] }[] = [];

vi.mock('./query.server', () => ({
  listPage: async (_request: Request, collection: string, queries: string[]) => {
    const ids = queries.map((query) => JSON.parse(query) as { method: string; attribute?: string; values: string[] }).find((query) => query.method === 'equal' && query.attribute === '$id')?.values ?? [];
    lookups.push({ collection, ids });
    return { total: 0, items: ids.map((id) => ({ $id: id, name: `${collection} ${id}`, slug: `slug-${id}` })) };
  },
  listAll: async () => [],
  countOf: async () => 0,
}));

function candidate(id: string, place: Partial<Pick<CandidateRowSource, 'regionId' | 'districtId' | 'electoralAreaId'>>): CandidateRowSource {
  return { $id: id, name: `Candidate ${id}`, photoFileId: null, partyId: null, officeId: 'o1', regionId: null, districtId: null, electoralAreaId: null, ballotNumber: 1, status: 'nominated', votes: null, votePercent: null, ...place };
}

const offices = [{ $id: 'o1', name: 'Member of Parliament' }] as never[];

describe('candidateRows', () => {
  beforeEach(() => {
    lookups.length = 0;
  });

  it('looks up no place the page already holds', async () => {
    const rows = await candidateRows(new Request('http://site.test/'), [candidate('c1', { districtId: 'd1', electoralAreaId: 'a1' }), candidate('c2', { regionId: 'r1', districtId: 'd1' })], {
      offices,
      parties: [],
      places: { areas: [{ $id: 'a1', name: 'Area One', slug: 'area-one' }], districts: [{ $id: 'd1', name: 'District One', slug: 'district-one' }] },
    });
    expect(lookups).toEqual([]);
    expect(rows.map((row) => [row.place, row.href])).toEqual([
      ['Area One', candidatePath('c1', 'area-one')],
      ['District One', candidatePath('c2', 'district-one')],
    ]);
  });

  it('looks up only the places the page does not hold, one batch per collection', async () => {
    const rows = await candidateRows(new Request('http://site.test/'), [candidate('c1', { electoralAreaId: 'a1' }), candidate('c2', { electoralAreaId: 'a2' }), candidate('c3', { electoralAreaId: 'a3' })], {
      offices,
      parties: [],
      places: { areas: [{ $id: 'a1', name: 'Area One', slug: 'area-one' }] },
    });
    expect(lookups).toEqual([{ collection: 'electoral_areas', ids: ['a2', 'a3'] }]);
    expect(rows.map((row) => row.place)).toEqual(['Area One', 'electoral_areas a2', 'electoral_areas a3']);
  });
});
