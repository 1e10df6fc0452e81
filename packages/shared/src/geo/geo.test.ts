import { describe, expect, it } from 'vitest';
import { GeoJsonError, readBoundaryFeatures } from './geojson-features.ts';
import { interiorPoint } from './interior-point.ts';
import { geometryArea, geometryContains, signedRingArea, vertexCount } from './measure.ts';
import { normaliseGeometry, roundDegree } from './normalise.ts';
import { partition, spreadSites } from './partition.ts';
import type { AreaGeometry, PolygonGeometry, Position } from './types.ts';

const square: PolygonGeometry = { type: 'Polygon', coordinates: [[[0, 0], [0, 2], [2, 2], [2, 0], [0, 0]]] }; // clockwise
const crescent: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 3], [3, 3], [3, 1], [0, 1], [0, 0]]],
};

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('normaliseGeometry', () => {
  it('rounds to 5 decimals, closes rings, drops repeats and orients RFC 7946 rings', () => {
    const messy: AreaGeometry = {
      type: 'Polygon',
      coordinates: [
        [[0.0000004, 0], [0, 2.123456789], [0, 2.123456789], [2, 2], [2, 0]],
        [[0.5, 0.5], [1, 0.5], [1, 1], [0.5, 1], [0.5, 0.5]],
      ],
    };
    const stored = normaliseGeometry(messy) as PolygonGeometry;
    const [outer, hole] = stored.coordinates;
    expect(outer?.[0]).toEqual([0, 0]);
    expect(outer).toHaveLength(5);
    expect(outer?.[0]).toEqual(outer?.[outer.length - 1]);
    expect(outer?.some(([, y]) => y === 2.12346)).toBe(true);
    expect(signedRingArea(outer ?? [])).toBeGreaterThan(0);
    expect(signedRingArea(hole ?? [])).toBeLessThan(0);
    expect(Object.is(roundDegree(-0.000001), -0)).toBe(false);
  });

  it('returns null when rounding leaves no area', () => {
    expect(normaliseGeometry({ type: 'Polygon', coordinates: [[[0, 0], [0.000001, 0], [0, 0.000001], [0, 0]]] })).toBeNull();
  });
});

describe('measures', () => {
  it('finds points inside, outside and in holes', () => {
    const holed: AreaGeometry = { type: 'Polygon', coordinates: [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [1, 3], [3, 3], [3, 1], [1, 1]]] };
    expect(geometryContains(holed, [0.5, 0.5])).toBe(true);
    expect(geometryContains(holed, [2, 2])).toBe(false);
    expect(geometryContains(holed, [5, 2])).toBe(false);
    expect(geometryArea(holed)).toBe(12);
    expect(vertexCount(holed)).toBe(8);
  });

  it('puts the interior point inside a crescent, where the area centroid would be outside', () => {
    const point = interiorPoint(crescent);
    expect(geometryContains(crescent, point)).toBe(true);
    expect(geometryContains(crescent, [2, 2])).toBe(false);
  });
});

describe('partition', () => {
  it('covers the parent exactly with one piece per site', () => {
    const parent = normaliseGeometry(crescent) as AreaGeometry;
    const sites = spreadSites(parent, 5, seeded(7));
    expect(sites.every((site) => geometryContains(parent, site))).toBe(true);
    const pieces = partition(parent, sites);
    expect(pieces).toHaveLength(5);
    const total = pieces.reduce((sum, piece) => sum + geometryArea(piece), 0);
    expect(Math.abs(total - geometryArea(parent))).toBeLessThan(1e-6);
    pieces.forEach((piece, index) => expect(geometryContains(piece, sites[index] as Position)).toBe(true));
  });

  it('is deterministic and refuses a site outside the parent', () => {
    const parent = normaliseGeometry(square) as AreaGeometry;
    expect(JSON.stringify(partition(parent, spreadSites(parent, 4, seeded(3))))).toBe(JSON.stringify(partition(parent, spreadSites(parent, 4, seeded(3)))));
    expect(() => partition(parent, [[1, 1], [5, 5]])).toThrow(/no area inside its parent/);
  });
});

describe('readBoundaryFeatures', () => {
  const collection = (...features: unknown[]): string => JSON.stringify({ type: 'FeatureCollection', features });
  const feature = (properties: unknown, geometry: unknown) => ({ type: 'Feature', properties, geometry });

  it('names each feature by $id, slug or code (in that order) and stores its geometry normalised', () => {
    const features = readBoundaryFeatures(collection(
      feature({ code: 'N', slug: 'north' }, square),
      feature({ $id: 'r2', code: 'S' }, { type: 'MultiPolygon', coordinates: [square.coordinates] }),
      feature(null, square),
    ));
    expect(features.map((f) => f.match)).toEqual([{ key: 'slug', value: 'north' }, { key: '$id', value: 'r2' }, null]);
    expect(features.map((f) => f.pointer)).toEqual(['/features/0', '/features/1', '/features/2']);
    expect(signedRingArea(features[0]!.geometry.coordinates[0] as Position[])).toBeGreaterThan(0);
  });

  it('refuses the whole file, listing at most ten problems', () => {
    const outOfRange = { type: 'Polygon', coordinates: [[[0, 0], [200, 0], [0, 1], [0, 0]]] };
    expect(() => readBoundaryFeatures(collection(feature({}, square), feature({}, outOfRange)))).toThrow('/features/1/geometry/coordinates/0/1 [200, 0] is outside longitude -180…180, latitude -90…90');
    const many = Array.from({ length: 12 }, () => feature({}, null));
    expect(() => readBoundaryFeatures(collection(...many))).toThrow(/\(and 2 more\)$/);
    expect(() => readBoundaryFeatures('{')).toThrow(GeoJsonError);
    expect(() => readBoundaryFeatures(JSON.stringify(square))).toThrow(/must be a GeoJSON FeatureCollection/);
  });
});
