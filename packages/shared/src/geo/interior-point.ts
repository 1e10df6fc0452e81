// A place's centroid is its pole of inaccessibility (polylabel): the point of the largest polygon
// farthest from any edge. Unlike the area centroid it is always inside, even for a crescent.

import polylabel from 'polylabel';
import { polygonArea } from './measure.ts';
import { roundPosition } from './normalise.ts';
import type { AreaGeometry, PolygonRings, Position } from './types.ts';
import { polygonsOf } from './types.ts';

/** About 10 m: finer than any electoral area, coarse enough to stay fast. */
const PRECISION_DEGREES = 1e-4;

function largestPolygon(geometry: AreaGeometry): PolygonRings {
  let best: PolygonRings | undefined;
  let bestArea = -1;
  for (const polygon of polygonsOf(geometry)) {
    const area = polygonArea(polygon);
    if (area > bestArea) [best, bestArea] = [polygon, area];
  }
  if (!best) throw new RangeError('a geometry without polygons has no interior point');
  return best;
}

/** [longitude, latitude] inside the geometry, rounded like stored coordinates. */
export function interiorPoint(geometry: AreaGeometry): Position {
  const [lng, lat] = polylabel(largestPolygon(geometry), PRECISION_DEGREES);
  return roundPosition([lng, lat]);
}
