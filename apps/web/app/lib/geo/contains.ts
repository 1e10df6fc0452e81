import { geometryContains } from '@ballot-atlas/shared/geo/measure';
import { parseBoundary } from './boundary';
import type { LngLat } from './point';

/** A record with its boundary as stored (GeoJSON text). */
export interface Bounded {
  $id: string;
  boundary?: string | null;
}

/**
 * The records whose boundary contains `point`, in the given order. A point on a border shared by
 * two neighbours lies in both (the boundary counts as inside), so a caller that needs one takes
 * the first. Planar test on [lng, lat]: at a country's scale the difference from great-circle
 * edges is far below a phone's GPS error, and winding order does not matter.
 */
export function containing<T extends Bounded>(point: LngLat, records: readonly T[]): T[] {
  return records.filter((record) => {
    const boundary = parseBoundary(record.boundary);
    return boundary !== null && geometryContains(boundary, [point[0], point[1]]);
  });
}
