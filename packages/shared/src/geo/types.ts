// GeoJSON geometry shapes (RFC 7946) for place boundaries: positions are [longitude, latitude].

export type Position = [number, number];
/** A closed ring: the first position is repeated at the end. */
export type Ring = Position[];
/** An exterior ring followed by its holes. */
export type PolygonRings = Ring[];

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: PolygonRings;
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: PolygonRings[];
}

export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

/** The polygons of a geometry, whatever its type. */
export function polygonsOf(geometry: AreaGeometry): PolygonRings[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** One polygon as a Polygon, several as a MultiPolygon. */
export function geometryOf(polygons: PolygonRings[]): AreaGeometry {
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] as PolygonRings } : { type: 'MultiPolygon', coordinates: polygons };
}
