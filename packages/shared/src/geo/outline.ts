// A made-up country outline: straight-ish land borders and a ragged coast, made by midpoint
// displacement between a few control points so it looks drawn rather than ruled.

import polygonClipping from 'polygon-clipping';
import { normaliseGeometry } from './normalise.ts';
import type { AreaGeometry, Position } from './types.ts';
import { geometryOf } from './types.ts';

export interface OutlineLeg {
  /** Where the leg starts; it ends where the next leg starts. */
  from: Position;
  /** How many times each segment is halved (2^depth segments on the leg). */
  depth: number;
  /** Largest sideways shift of a midpoint, as a share of its segment's length. */
  roughness: number;
}

/** `random` returns numbers in [0, 1); the same sequence always gives the same outline. */
export function raggedOutline(legs: readonly OutlineLeg[], random: () => number): AreaGeometry {
  const ring: Position[] = [];
  legs.forEach((leg, index) => {
    const to = (legs[(index + 1) % legs.length] as OutlineLeg).from;
    ring.push(leg.from, ...displacedMidpoints(leg.from, to, leg.depth, leg.roughness, random));
  });
  ring.push(ring[0] as Position);
  // A union with itself turns any loop the displacement made into a valid polygon.
  const valid = normaliseGeometry(geometryOf(polygonClipping.union([ring])));
  if (!valid) throw new RangeError('the outline legs enclose no area');
  return valid;
}

function displacedMidpoints(from: Position, to: Position, depth: number, roughness: number, random: () => number): Position[] {
  if (depth <= 0) return [];
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const shift = (random() - 0.5) * 2 * roughness;
  const mid: Position = [(from[0] + to[0]) / 2 - dy * shift, (from[1] + to[1]) / 2 + dx * shift];
  return [
    ...displacedMidpoints(from, mid, depth - 1, roughness, random),
    mid,
    ...displacedMidpoints(mid, to, depth - 1, roughness, random),
  ];
}
