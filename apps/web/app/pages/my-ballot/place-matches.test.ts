import { describe, expect, it } from 'vitest';
import { matchPlaces, type ListDocuments, type PlaceRow } from './place-matches';

const regions: PlaceRow[] = [
  { $id: 'r1', name: "Côte d'Émeraude", slug: 'côte-démeraude' },
  { $id: 'r2', name: 'Kaléngá Hills', slug: 'kalenga-hills' },
];

/**
 * The API's side of the contract: full-text search folds case and accents (tested with the API),
 * so this list answers `search` by folded name and `equal('$id')` by id.
 */
function directory(rows: Record<'districts' | 'electoral_areas', PlaceRow[]>): { list: ListDocuments; reads: string[] } {
  const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const reads: string[] = [];
  const list: ListDocuments = async (collection, queries) => {
    reads.push(collection);
    if (collection === 'regions') return regions;
    const parsed = queries.map((query) => JSON.parse(query) as { method: string; values: string[] });
    const search = parsed.find((query) => query.method === 'search')?.values[0];
    const ids = parsed.find((query) => query.method === 'equal')?.values;
    return rows[collection].filter((row) => (search ? fold(row.name).includes(fold(search).trim()) : ids?.includes(row.$id)));
  };
  return { list, reads };
}

describe('matchPlaces', () => {
  const { list, reads } = directory({
    districts: [
      { $id: 'd1', name: 'Kalenga', slug: 'kalenga', regionId: 'r2' },
      { $id: 'd2', name: 'Daø', slug: 'daø', regionId: 'r1' },
    ],
    electoral_areas: [
      { $id: 'a1', name: 'Kalenga North', slug: 'kalenga-north', regionId: 'r2', districtId: 'd1' },
      { $id: 'a2', name: 'Kalenga', slug: 'kalenga-ea', regionId: 'r2', districtId: 'd3' },
    ],
  });

  it('folds case and accents for the regions it matches itself', async () => {
    const matches = await matchPlaces('KALÉNGA HILLS', list);
    expect(matches.filter((match) => match.type === 'regions').map((match) => match.label)).toEqual(['Kaléngá Hills']);
    expect(await matchPlaces("cote d'emeraude", list)).toEqual([expect.objectContaining({ type: 'regions', label: "Côte d'Émeraude", href: '/my-ballot?region=c%C3%B4te-d%C3%A9meraude' })]);
  });

  it('puts exact names first and leads each kind of place to its next step', async () => {
    const matches = await matchPlaces('kalenga', list);
    expect(matches.map((match) => [match.type, match.label, match.href])).toEqual([
      ['electoral_areas', 'Kalenga', '/my-ballot/kalenga-ea'],
      ['districts', 'Kalenga', '/my-ballot?district=kalenga'],
      ['electoral_areas', 'Kalenga North', '/my-ballot/kalenga-north'],
      ['regions', 'Kaléngá Hills', '/my-ballot?region=kalenga-hills'],
    ]);
    expect(matches[2]?.detail).toBe('Kalenga · Kaléngá Hills');
  });

  it('looks up the districts of matched areas it does not already hold, once', async () => {
    reads.length = 0;
    await matchPlaces('kalenga', list);
    expect(reads.sort()).toEqual(['districts', 'districts', 'electoral_areas', 'regions']);
  });

  it('asks nothing for text without letters or digits', async () => {
    reads.length = 0;
    expect(await matchPlaces(' — ', list)).toEqual([]);
    expect(reads).toEqual([]);
  });
});
