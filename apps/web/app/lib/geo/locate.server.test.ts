import { beforeEach, describe, expect, it, vi } from 'vitest';
import { locateArea } from './locate.server';

type Row = { $id: string; name: string; slug: string; boundary: string; parentId: string | null };

const square = (x: number, y: number, size: number): string =>
  JSON.stringify({ type: 'Polygon', coordinates: [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]] });

/** Two regions side by side, each holding one sub-region, one district and two areas. */
const tree: Record<string, Row[]> = {
  regions: [
    { $id: 'r-west', name: 'West', slug: 'west', boundary: square(0, 0, 4), parentId: null },
    { $id: 'r-east', name: 'East', slug: 'east', boundary: square(4, 0, 4), parentId: null },
  ],
  subregions: [
    { $id: 's-west', name: 'West Hills', slug: 'west-hills', boundary: square(0, 0, 4), parentId: 'r-west' },
    { $id: 's-east', name: 'East Coast', slug: 'east-coast', boundary: square(4, 0, 4), parentId: 'r-east' },
  ],
  districts: [
    { $id: 'd-west', name: 'Kalenga', slug: 'kalenga', boundary: square(0, 0, 4), parentId: 's-west' },
    { $id: 'd-east', name: 'Mbale', slug: 'mbale', boundary: square(4, 0, 4), parentId: 's-east' },
  ],
  electoral_areas: [
    { $id: 'a-w1', name: 'Kalenga North', slug: 'kalenga-north', boundary: square(0, 2, 2), parentId: 'd-west' },
    { $id: 'a-w2', name: 'Kalenga South', slug: 'kalenga-south', boundary: square(0, 0, 2), parentId: 'd-west' },
    { $id: 'a-e1', name: 'Mbale Central', slug: 'mbale-central', boundary: square(4, 0, 4), parentId: 'd-east' },
  ],
};

const reads: string[] = [];

vi.mock('../directory/query.server', () => ({
  listAll: async (_request: Request, collection: string, queries: string[]) => {
    const parent = queries.map((query) => JSON.parse(query) as { method: string; values: string[] }).find((query) => query.method === 'equal')?.values[0] ?? null;
    reads.push(parent ? `${collection} of ${parent}` : collection);
    return (tree[collection] ?? []).filter((row) => row.parentId === parent);
  },
}));

const request = new Request('http://site.test/my-ballot');

describe('locateArea', () => {
  beforeEach(() => {
    reads.length = 0;
  });

  it('descends to the electoral area that holds the point, reading only the children of each match', async () => {
    expect(await locateArea(request, [1, 3])).toEqual({ $id: 'a-w1', name: 'Kalenga North', slug: 'kalenga-north' });
    expect(reads).toEqual(['regions', 'subregions of r-west', 'districts of s-west', 'electoral_areas of d-west']);
  });

  it('answers null for a point outside every boundary, after one read', async () => {
    expect(await locateArea(request, [20, 20])).toBeNull();
    expect(reads).toEqual(['regions']);
  });

  it('settles a point on a border between two areas on the first by name', async () => {
    expect((await locateArea(request, [1, 2]))?.slug).toBe('kalenga-north');
  });

  it('tries the neighbour when the first region that touches the point has no area there', async () => {
    // x = 4 is the border of the two regions; the west's areas stop at x = 2, so only the east has an area there.
    expect((await locateArea(request, [4, 3]))?.slug).toBe('mbale-central');
    expect(reads).toEqual(['regions', 'subregions of r-west', 'districts of s-west', 'electoral_areas of d-west', 'subregions of r-east', 'districts of s-east', 'electoral_areas of d-east']);
  });
});
