import { parseAreaGeometry } from '@ballot-atlas/shared/geo/geojson-features';
import type { AreaGeometry } from '@ballot-atlas/shared/geo/types';

export type Boundary = AreaGeometry;

/**
 * The `boundary` attribute (GeoJSON geometry as text) as a Polygon or MultiPolygon, or null when
 * it is empty or not one: an area drawn wrongly is skipped by maps and location, never a server error.
 * The import's own validation decides what a boundary is, so the two cannot disagree.
 */
export function parseBoundary(text: string | null | undefined): Boundary | null {
  if (!text) return null;
  try {
    return parseAreaGeometry(JSON.parse(text));
  } catch {
    return null;
  }
}
