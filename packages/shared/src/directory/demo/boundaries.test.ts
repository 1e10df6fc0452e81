// The demo's place shapes: each level partitions its parent (no gap, no overlap beyond the
// 5-decimal rounding), every centroid is inside its own shape, shapes stay light, and the same
// seed gives byte-identical shapes.

import polygonClipping from 'polygon-clipping';
import { describe, expect, it } from 'vitest';
import { geometryArea, geometryContains, signedRingArea, vertexCount } from '../../geo/measure.ts';
import type { AreaGeometry } from '../../geo/types.ts';
import { polygonsOf } from '../../geo/types.ts';
import { buildGeography } from './geography.ts';
import { DEFAULT_SEED, generateDemo } from './index.ts';
import { DEMO_KNOWN_LOCATION } from './known-location.ts';

const geo = buildGeography(DEFAULT_SEED);
const boundaryOf = (id: string): AreaGeometry => {
  const shape = geo.shapes.get(id);
  if (!shape) throw new Error(`no shape for ${id}`);
  return shape.boundary;
};
const clip = (geometry: AreaGeometry) => polygonsOf(geometry);
const multiArea = (polygons: ReturnType<typeof polygonClipping.union>): number => geometryArea({ type: 'MultiPolygon', coordinates: polygons });

/** A sliver one rounding step (1e-5°) wide along the parent's whole outline, as a share of its area. */
const ROUNDING_SHARE = 1e-3;

const families = [
  ...geo.regions.map((r) => ({ parent: r.id, children: r.subregions.map((s) => s.id) })),
  ...geo.subregions.map((s) => ({ parent: s.id, children: s.districts.map((d) => d.id) })),
  ...geo.districts.map((d) => ({ parent: d.id, children: d.areas.map((a) => a.id) })),
];

describe('demo boundaries', () => {
  it('gives every place a boundary and a centroid inside it', () => {
    const places = [...geo.regions, ...geo.subregions, ...geo.districts, ...geo.areas];
    expect(geo.shapes.size).toBe(places.length);
    for (const place of places) {
      const shape = geo.shapes.get(place.id);
      expect(shape, place.id).toBeDefined();
      expect(geometryContains(shape!.boundary, shape!.centroid), place.id).toBe(true);
    }
  });

  it('nests: the children of each place cover it without gaps or overlaps', () => {
    for (const { parent, children } of families) {
      const parentArea = geometryArea(boundaryOf(parent));
      const union = polygonClipping.union(clip(boundaryOf(children[0]!)), ...children.slice(1).map((id) => clip(boundaryOf(id))));
      const mismatch = multiArea(polygonClipping.xor(clip(boundaryOf(parent)), union));
      expect(mismatch / parentArea, `${parent} vs its children`).toBeLessThan(ROUNDING_SHARE);
      const sum = children.reduce((total, id) => total + geometryArea(boundaryOf(id)), 0);
      expect(Math.abs(sum - parentArea) / parentArea, `${parent}: overlap`).toBeLessThan(ROUNDING_SHARE);
    }
  });

  it('keeps siblings apart', () => {
    for (const { children } of families) {
      for (let i = 0; i < children.length; i++) {
        for (let j = i + 1; j < children.length; j++) {
          const overlap = multiArea(polygonClipping.intersection(clip(boundaryOf(children[i]!)), clip(boundaryOf(children[j]!))));
          expect(overlap / geometryArea(boundaryOf(children[i]!)), `${children[i]} ∩ ${children[j]}`).toBeLessThan(ROUNDING_SHARE);
        }
      }
    }
  });

  it('stores RFC 7946 geometry: counter-clockwise exteriors, 5 decimals, inside the country', () => {
    for (const shape of geo.shapes.values()) {
      for (const [outer, ...holes] of polygonsOf(shape.boundary)) {
        expect(signedRingArea(outer!)).toBeGreaterThan(0);
        for (const hole of holes) expect(signedRingArea(hole)).toBeLessThan(0);
        for (const [lng, lat] of outer!) {
          expect(lng).toBeGreaterThanOrEqual(33);
          expect(lng).toBeLessThanOrEqual(39.5);
          expect(lat).toBeGreaterThanOrEqual(-11);
          expect(lat).toBeLessThanOrEqual(-2);
          expect(Math.round(lng * 1e5) / 1e5).toBe(lng);
          expect(Math.round(lat * 1e5) / 1e5).toBe(lat);
        }
      }
    }
  });

  it('stays light: regions ≤ 300 vertices, electoral areas ≤ 60', () => {
    for (const r of geo.regions) expect(vertexCount(boundaryOf(r.id)), r.id).toBeLessThanOrEqual(300);
    for (const a of geo.areas) expect(vertexCount(boundaryOf(a.id)), a.id).toBeLessThanOrEqual(60);
  });

  it('is byte-identical for the same seed and different for another', () => {
    const records = (seed: number): string =>
      JSON.stringify([...generateDemo(0, seed)].filter((r) => 'boundary' in r.data).map((r) => [r.documentId, r.data.boundary, r.data.centroid]));
    const first = records(DEFAULT_SEED);
    expect(records(DEFAULT_SEED)).toBe(first);
    expect(records(99)).not.toBe(first);
  });

  it('has the known location inside its electoral area, district and region', () => {
    const area = geo.areas.find((a) => a.id === DEMO_KNOWN_LOCATION.area.id)!;
    expect(area.slug).toBe(DEMO_KNOWN_LOCATION.area.slug);
    expect(area.district.slug).toBe(DEMO_KNOWN_LOCATION.district.slug);
    expect(area.district.region.slug).toBe(DEMO_KNOWN_LOCATION.region.slug);
    const point: [number, number] = [...DEMO_KNOWN_LOCATION.point];
    const containing = geo.areas.filter((a) => geometryContains(boundaryOf(a.id), point));
    expect(containing.map((a) => a.id)).toEqual([area.id]);
    expect(geometryContains(boundaryOf(area.district.id), point)).toBe(true);
    expect(geometryContains(boundaryOf(area.district.region.id), point)).toBe(true);
  });
});
