import { geoIdentity, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Position } from 'geojson';
import type { Boundary } from '../geo/boundary';
import { compactPath } from './compact-path';
import type { MapResults, MapShape, PlaceMapData } from './types';

export interface PlaceToDraw {
  id: string;
  name: string;
  href: string | null;
  boundary: Boundary | null;
  leadingPartyId?: string | null;
}

export interface DrawOptions {
  /** The parent place, outlined over its children. */
  outline?: Boundary | null;
  currentId?: string | null;
  results?: MapResults | null;
  /** The map's width in its own pixels; paths are rounded to whole pixels of it. */
  width?: number;
}

export const MAP_WIDTH = 640;
const PADDING = 6;
/** A very tall or very flat country still gets a usable frame. */
const ASPECT_LIMITS = [0.4, 1.4] as const;
/** Names fit on a map of a few places (a country's regions); more would cover the map. */
export const LABELLED_PLACES_LIMIT = 12;

/**
 * Places with a boundary as SVG paths fitted to a `width`-wide frame, or null when none has one.
 *
 * The projection is planar on purpose: geoIdentity never clips to the sphere, so ring winding
 * does not matter (d3's spherical projections read RFC 7946's counter-clockwise rings as "the
 * whole world but this"). Longitudes are shortened by the cosine of the middle latitude first, so
 * places keep their shape away from the equator (an equirectangular map with that standard parallel).
 */
export function drawMap(places: readonly PlaceToDraw[], options: DrawOptions = {}): PlaceMapData | null {
  const drawable = places.filter((place): place is PlaceToDraw & { boundary: Boundary } => place.boundary !== null);
  if (drawable.length === 0) return null;
  const outline = options.outline ?? null;
  const squeeze = Math.cos((middleLatitude([...drawable.map((place) => place.boundary), ...(outline ? [outline] : [])]) * Math.PI) / 180);
  const flatten = (boundary: Boundary): Feature => ({ type: 'Feature', properties: {}, geometry: scaleLongitudes(boundary, squeeze) });
  const features = drawable.map((place) => flatten(place.boundary));
  const outlineFeature = outline ? flatten(outline) : null;
  const collection: FeatureCollection = { type: 'FeatureCollection', features: outlineFeature ? [...features, outlineFeature] : features };

  const width = options.width ?? MAP_WIDTH;
  const [[x0, y0], [x1, y1]] = geoPath(geoIdentity()).bounds(collection);
  const inner = width - 2 * PADDING;
  const aspect = Math.min(ASPECT_LIMITS[1], Math.max(ASPECT_LIMITS[0], (y1 - y0) / Math.max(x1 - x0, Number.EPSILON)));
  const height = Math.round(inner * aspect + 2 * PADDING);
  const projection = geoIdentity().reflectY(true).fitExtent([[PADDING, PADDING], [width - PADDING, height - PADDING]], collection);
  const path = geoPath(projection).digits(0);

  const labelled = drawable.length <= LABELLED_PLACES_LIMIT && drawable.every((place) => place.name !== '');
  const shapes: MapShape[] = drawable.map((place, index) => ({
    id: place.id,
    name: place.name,
    href: place.href,
    d: compactPath(path(features[index]!) ?? ''),
    leadingPartyId: options.results ? (place.leadingPartyId ?? null) : null,
    labelAt: labelled ? labelPoint(path.centroid(features[index]!)) : null,
  }));
  return {
    viewBox: `0 0 ${width} ${height}`,
    shapes: shapes.filter((shape) => shape.d !== ''),
    outline: outlineFeature ? compactPath(path(outlineFeature) ?? '') || null : null,
    currentId: options.currentId ?? null,
    results: options.results ?? null,
  };
}

function labelPoint([x, y]: [number, number]): [number, number] | null {
  return Number.isFinite(x) && Number.isFinite(y) ? [Math.round(x), Math.round(y)] : null;
}

function positionsOf(boundary: Boundary): Position[] {
  return boundary.type === 'Polygon' ? boundary.coordinates.flat() : boundary.coordinates.flat(2);
}

function middleLatitude(boundaries: readonly Boundary[]): number {
  let south = Infinity;
  let north = -Infinity;
  for (const boundary of boundaries) {
    for (const [, latitude] of positionsOf(boundary)) {
      south = Math.min(south, latitude!);
      north = Math.max(north, latitude!);
    }
  }
  return Number.isFinite(south) ? (south + north) / 2 : 0;
}

function scaleLongitudes(boundary: Boundary, factor: number): Boundary {
  const scaleRing = (ring: readonly (readonly number[])[]): [number, number][] => ring.map(([longitude, latitude]) => [longitude! * factor, latitude!]);
  return boundary.type === 'Polygon'
    ? { type: 'Polygon', coordinates: boundary.coordinates.map(scaleRing) }
    : { type: 'MultiPolygon', coordinates: boundary.coordinates.map((polygon) => polygon.map(scaleRing)) };
}
