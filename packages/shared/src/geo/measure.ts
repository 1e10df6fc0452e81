// Planar measures in degree space. Boundaries are small enough (a country) that the distortion of
// treating longitude/latitude as flat does not change which point is inside or which piece is larger.

import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { AreaGeometry, PolygonRings, Position, Ring } from './types.ts';
import { polygonsOf } from './types.ts';

/** Shoelace area: positive when the ring runs counter-clockwise. */
export function signedRingArea(ring: Ring): number {
  let twice = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i] as Position;
    const [x2, y2] = ring[i + 1] as Position;
    twice += x1 * y2 - x2 * y1;
  }
  return twice / 2;
}

export function polygonArea(polygon: PolygonRings): number {
  const [outer, ...holes] = polygon;
  if (!outer) return 0;
  return holes.reduce((area, hole) => area - Math.abs(signedRingArea(hole)), Math.abs(signedRingArea(outer)));
}

export function geometryArea(geometry: AreaGeometry): number {
  return polygonsOf(geometry).reduce((area, polygon) => area + polygonArea(polygon), 0);
}

export function vertexCount(geometry: AreaGeometry): number {
  return polygonsOf(geometry).reduce((n, polygon) => n + polygon.reduce((m, ring) => m + ring.length - 1, 0), 0);
}

/** Whether the point (longitude, latitude) lies inside the geometry; a point on an edge counts as inside. */
export function geometryContains(geometry: AreaGeometry, point: Position): boolean {
  return booleanPointInPolygon(point, geometry);
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function geometryBounds(geometry: AreaGeometry): Bounds {
  const bounds: Bounds = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const polygon of polygonsOf(geometry)) {
    for (const [x, y] of polygon[0] ?? []) {
      bounds.west = Math.min(bounds.west, x);
      bounds.east = Math.max(bounds.east, x);
      bounds.south = Math.min(bounds.south, y);
      bounds.north = Math.max(bounds.north, y);
    }
  }
  return bounds;
}
