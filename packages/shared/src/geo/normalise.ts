// Stored boundaries are RFC 7946 geometries rounded to 5 decimals (about a metre): exterior rings
// counter-clockwise, holes clockwise, no repeated consecutive positions, no rings without area.

import { signedRingArea } from './measure.ts';
import type { AreaGeometry, PolygonRings, Position, Ring } from './types.ts';
import { geometryOf, polygonsOf } from './types.ts';

export const COORDINATE_DECIMALS = 5;
const SCALE = 10 ** COORDINATE_DECIMALS;

/** Rounds a degree value to the stored precision (never "-0"). */
export function roundDegree(value: number): number {
  return Math.round(value * SCALE) / SCALE || 0;
}

export function roundPosition([lng, lat]: Position): Position {
  return [roundDegree(lng), roundDegree(lat)];
}

/** Rounded, closed, without repeated neighbours; null when fewer than three distinct corners remain. */
function cleanRing(ring: readonly Position[]): Ring | null {
  const out: Ring = [];
  for (const position of ring) {
    const rounded = roundPosition(position);
    const last = out[out.length - 1];
    if (!last || last[0] !== rounded[0] || last[1] !== rounded[1]) out.push(rounded);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push([first[0], first[1]]);
  if (out.length < 4 || signedRingArea(out) === 0) return null;
  return out;
}

function oriented(ring: Ring, counterClockwise: boolean): Ring {
  return signedRingArea(ring) > 0 === counterClockwise ? ring : [...ring].reverse();
}

function normalisePolygon(polygon: PolygonRings): PolygonRings | null {
  const [outer, ...holes] = polygon;
  const exterior = outer && cleanRing(outer);
  if (!exterior) return null;
  const interiors = holes.map(cleanRing).filter((ring): ring is Ring => ring !== null);
  return [oriented(exterior, true), ...interiors.map((ring) => oriented(ring, false))];
}

/** The geometry as it is stored, or null when nothing with an area is left after rounding. */
export function normaliseGeometry(geometry: AreaGeometry): AreaGeometry | null {
  const polygons = polygonsOf(geometry).map(normalisePolygon).filter((polygon): polygon is PolygonRings => polygon !== null);
  return polygons.length ? geometryOf(polygons) : null;
}
