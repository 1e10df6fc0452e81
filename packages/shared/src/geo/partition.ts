// Splits a parent area into one piece per site: the Voronoi cell of each site (d3-delaunay),
// intersected with the parent (polygon-clipping). The cells tile the plane, so the pieces cover
// the parent with no gap or overlap and never leave it — which is what keeps nested levels nested.

import { Delaunay } from 'd3-delaunay';
import polygonClipping from 'polygon-clipping';
import { geometryBounds, geometryContains, polygonArea, signedRingArea } from './measure.ts';
import { interiorPoint } from './interior-point.ts';
import { normaliseGeometry } from './normalise.ts';
import type { AreaGeometry, PolygonRings, Position } from './types.ts';
import { geometryOf, polygonsOf } from './types.ts';

/** The parent's piece for each site, in site order, normalised for storage. */
export function partition(parent: AreaGeometry, sites: readonly Position[]): AreaGeometry[] {
  return rawPieces(parent, sites).map((pieces, index) => {
    const piece = pieces.length ? normaliseGeometry(geometryOf(pieces)) : null;
    if (!piece) throw new RangeError(`site ${index} has no area inside its parent; sites must lie inside the parent`);
    return piece;
  });
}

function rawPieces(parent: AreaGeometry, sites: readonly Position[]): PolygonRings[][] {
  const { west, south, east, north } = geometryBounds(parent);
  const margin = Math.max(east - west, north - south);
  const voronoi = Delaunay.from(sites).voronoi([west - margin, south - margin, east + margin, north + margin]);
  const clip = polygonsOf(parent);
  return sites.map((_, index) => {
    const cell = voronoi.cellPolygon(index) as Position[] | null;
    return cell ? polygonClipping.intersection([cell], clip) : [];
  });
}

/**
 * `count` sites inside the parent, spread evenly: best-candidate sampling, then Lloyd steps that
 * move each site to the middle of its own piece, so pieces come out compact and of similar size.
 */
export function spreadSites(parent: AreaGeometry, count: number, random: () => number, lloydSteps = 2): Position[] {
  const sites: Position[] = [];
  for (let k = 0; k < count; k++) sites.push(bestCandidate(parent, sites, random));
  for (let step = 0; step < lloydSteps && count > 1; step++) {
    rawPieces(parent, sites).forEach((pieces, index) => {
      const centre = pieces.length ? areaCentre(pieces) : null;
      if (centre && geometryContains(parent, centre)) sites[index] = centre;
      else if (pieces.length) sites[index] = interiorPoint(geometryOf(pieces));
    });
  }
  return sites;
}

const CANDIDATES = 12;

function bestCandidate(parent: AreaGeometry, sites: readonly Position[], random: () => number): Position {
  const { west, south, east, north } = geometryBounds(parent);
  let best: Position | null = null;
  let bestDistance = -1;
  for (let tries = 0, found = 0; found < CANDIDATES && tries < CANDIDATES * 50; tries++) {
    const candidate: Position = [west + random() * (east - west), south + random() * (north - south)];
    if (!geometryContains(parent, candidate)) continue;
    found++;
    const distance = Math.min(Infinity, ...sites.map(([x, y]) => (x - candidate[0]) ** 2 + (y - candidate[1]) ** 2));
    if (distance > bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best ?? interiorPoint(parent);
}

/** The area-weighted centroid of the largest piece (may lie outside it for odd shapes). */
function areaCentre(pieces: PolygonRings[]): Position | null {
  const largest = [...pieces].sort((a, b) => polygonArea(b) - polygonArea(a))[0];
  const ring = largest?.[0];
  if (!ring) return null;
  const area = signedRingArea(ring);
  if (area === 0) return null;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i] as Position;
    const [x2, y2] = ring[i + 1] as Position;
    const cross = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  return [cx / (6 * area), cy / (6 * area)];
}
