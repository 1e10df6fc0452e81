// Boundaries and centroids for every place of the demo hierarchy. The country outline is split
// into regions, each region into its sub-regions, and so on down to electoral areas, each level
// by partition() of its own stored (rounded) parent, so an area always lies inside its district.
// Uses its own PRNG stream, so names, ids and every other record stay as they were.

import { interiorPoint } from '../../geo/interior-point.ts';
import { raggedOutline } from '../../geo/outline.ts';
import type { OutlineLeg } from '../../geo/outline.ts';
import { partition, spreadSites } from '../../geo/partition.ts';
import type { AreaGeometry, Position } from '../../geo/types.ts';
import { Rng } from './prng.ts';

export interface PlaceShape {
  boundary: AreaGeometry;
  /** Pole of inaccessibility: always inside `boundary`. */
  centroid: Position;
}

/** Marisola: land borders west, north and south, the Indian-Ocean-like coast on the east. */
const COUNTRY_LEGS: readonly OutlineLeg[] = [
  { from: [33.5, -2.45], depth: 3, roughness: 0.1 },
  { from: [33.8, -10.55], depth: 3, roughness: 0.08 },
  { from: [38.6, -10.6], depth: 4, roughness: 0.2 },
  { from: [39.1, -8.2], depth: 4, roughness: 0.2 },
  { from: [38.7, -5.6], depth: 4, roughness: 0.2 },
  { from: [39.0, -3.6], depth: 3, roughness: 0.2 },
  { from: [38.2, -2.35], depth: 3, roughness: 0.1 },
];

interface Place {
  id: string;
}

/** The part of the demo hierarchy the shapes depend on (regions → sub-regions → districts → areas). */
interface RegionTree extends Place {
  subregions: readonly (Place & { districts: readonly (Place & { areas: readonly Place[] })[] })[];
}

function shape(boundary: AreaGeometry): PlaceShape {
  return { boundary, centroid: interiorPoint(boundary) };
}

/** Shapes keyed by record id ("r1", "sr01", "d001", "ea0001"). */
export function buildBoundaries(seed: number, regions: readonly RegionTree[]): Map<string, PlaceShape> {
  const rng = new Rng(seed, 'boundaries');
  const random = (): number => rng.next();
  const shapes = new Map<string, PlaceShape>();

  const split = (parent: AreaGeometry, children: readonly Place[]): AreaGeometry[] => {
    const pieces = partition(parent, spreadSites(parent, children.length, random));
    children.forEach((child, index) => shapes.set(child.id, shape(pieces[index] as AreaGeometry)));
    return pieces;
  };
  const boundaryOf = (place: Place): AreaGeometry => (shapes.get(place.id) as PlaceShape).boundary;

  split(raggedOutline(COUNTRY_LEGS, random), regions);
  const subregions = regions.flatMap((region) => region.subregions);
  const districts = subregions.flatMap((subregion) => subregion.districts);
  for (const region of regions) split(boundaryOf(region), region.subregions);
  for (const subregion of subregions) split(boundaryOf(subregion), subregion.districts);
  for (const district of districts) split(boundaryOf(district), district.areas);
  return shapes;
}
