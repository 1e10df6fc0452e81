// Reads a GeoJSON FeatureCollection of place boundaries (one level of the hierarchy): each
// feature's Polygon or MultiPolygon, checked and normalised for storage, and the properties that
// name the place it belongs to. Any invalid feature makes the whole file invalid.

import { normaliseGeometry } from './normalise.ts';
import type { AreaGeometry, PolygonRings, Position, Ring } from './types.ts';

/** How a feature names its place: the first of these its properties hold. */
export const FEATURE_MATCH_KEYS = ['$id', 'slug', 'code'] as const;
export type FeatureMatchKey = (typeof FEATURE_MATCH_KEYS)[number];

export interface BoundaryFeature {
  /** JSON pointer of the feature in the file, e.g. `/features/3`. */
  pointer: string;
  match: { key: FeatureMatchKey; value: string } | null;
  geometry: AreaGeometry;
}

export class GeoJsonError extends Error {}

/** At most this many problems are listed in the error (the first ones, in file order). */
const LISTED_PROBLEMS = 10;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function position(value: unknown, where: string): Position {
  if (!Array.isArray(value) || value.length < 2 || !value.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    throw new GeoJsonError(`${where} is not a position [longitude, latitude]`);
  }
  const [lng, lat] = value as number[];
  if (lng! < -180 || lng! > 180 || lat! < -90 || lat! > 90) throw new GeoJsonError(`${where} [${lng}, ${lat}] is outside longitude -180…180, latitude -90…90`);
  return [lng!, lat!];
}

function ring(value: unknown, where: string): Ring {
  if (!Array.isArray(value) || value.length < 4) throw new GeoJsonError(`${where} needs at least four positions (a closed ring)`);
  const positions = value.map((entry, index) => position(entry, `${where}/${index}`));
  const [first, last] = [positions[0]!, positions[positions.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) throw new GeoJsonError(`${where} is not closed: its last position must repeat its first`);
  return positions;
}

function polygon(value: unknown, where: string): PolygonRings {
  if (!Array.isArray(value) || value.length === 0) throw new GeoJsonError(`${where} must be an array of rings`);
  return value.map((entry, index) => ring(entry, `${where}/${index}`));
}

/** A Polygon or MultiPolygon geometry object, rounded and wound as stored. */
export function parseAreaGeometry(value: unknown, where = 'geometry'): AreaGeometry {
  if (!isObject(value)) throw new GeoJsonError(`${where} must be a Polygon or MultiPolygon geometry object`);
  let geometry: AreaGeometry;
  if (value['type'] === 'Polygon') geometry = { type: 'Polygon', coordinates: polygon(value['coordinates'], `${where}/coordinates`) };
  else if (value['type'] === 'MultiPolygon') {
    const polygons = value['coordinates'];
    if (!Array.isArray(polygons) || polygons.length === 0) throw new GeoJsonError(`${where}/coordinates must be an array of polygons`);
    geometry = { type: 'MultiPolygon', coordinates: polygons.map((entry, index) => polygon(entry, `${where}/coordinates/${index}`)) };
  } else throw new GeoJsonError(`${where} has type ${JSON.stringify(value['type'] ?? null)}; a boundary is a Polygon or a MultiPolygon`);
  const stored = normaliseGeometry(geometry);
  if (!stored) throw new GeoJsonError(`${where} encloses no area once rounded to 5 decimals`);
  return stored;
}

function matchOf(properties: unknown): BoundaryFeature['match'] {
  if (!isObject(properties)) return null;
  for (const key of FEATURE_MATCH_KEYS) {
    const value = properties[key];
    if (typeof value === 'string' && value !== '') return { key, value };
  }
  return null;
}

/** The features of a FeatureCollection; throws GeoJsonError naming every invalid one (up to ten). */
export function readBoundaryFeatures(text: string): BoundaryFeature[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new GeoJsonError(`the file is not JSON: ${(error as Error).message}`);
  }
  if (!isObject(document) || document['type'] !== 'FeatureCollection' || !Array.isArray(document['features'])) {
    throw new GeoJsonError('the file must be a GeoJSON FeatureCollection: {"type": "FeatureCollection", "features": [...]}');
  }
  const problems: string[] = [];
  const features: BoundaryFeature[] = [];
  document['features'].forEach((feature: unknown, index: number) => {
    const pointer = `/features/${index}`;
    try {
      if (!isObject(feature) || feature['type'] !== 'Feature') throw new GeoJsonError(`${pointer} is not a Feature`);
      features.push({ pointer, match: matchOf(feature['properties']), geometry: parseAreaGeometry(feature['geometry'], `${pointer}/geometry`) });
    } catch (error) {
      if (!(error instanceof GeoJsonError)) throw error;
      problems.push(error.message);
    }
  });
  if (problems.length) {
    const more = problems.length > LISTED_PROBLEMS ? ` (and ${problems.length - LISTED_PROBLEMS} more)` : '';
    throw new GeoJsonError(`${problems.slice(0, LISTED_PROBLEMS).join('; ')}${more}`);
  }
  return features;
}
