import { Query } from 'appwrite';
import { listAll, type CollectionId } from '../directory/query.server';
import { containing, type Bounded } from './contains';
import type { LngLat } from './point';

/** The electoral area a point falls in: enough to open its ballot. */
export interface LocatedArea {
  $id: string;
  name: string;
  slug: string;
}

type Level = { collection: CollectionId; parent: string | null };

/** Region → sub-region → district → electoral area; each level is read only inside the one above. */
const LEVELS: readonly Level[] = [
  { collection: 'regions', parent: null },
  { collection: 'subregions', parent: 'regionId' },
  { collection: 'districts', parent: 'subregionId' },
  { collection: 'electoral_areas', parent: 'districtId' },
];

type Row = Bounded & { name: string; slug: string };

function childrenOf(request: Request, level: Level, parentId: string | null): Promise<Row[]> {
  const within = level.parent && parentId ? [Query.equal(level.parent, parentId)] : [];
  return listAll<Row>(request, level.collection, [...within, Query.orderAsc('name'), Query.select(['$id', 'name', 'slug', 'boundary'])]);
}

/**
 * The electoral area whose boundary contains `point`, found by descending the hierarchy so that
 * only the boundaries of one parent's children are read at each level (four small requests, not
 * every area's outline). Where borders touch, siblings are tried in name order; null when the
 * point lies outside every boundary.
 */
export async function locateArea(request: Request, point: LngLat): Promise<LocatedArea | null> {
  const descend = async (depth: number, parentId: string | null): Promise<LocatedArea | null> => {
    const level = LEVELS[depth];
    if (!level) return null;
    for (const row of containing(point, await childrenOf(request, level, parentId))) {
      if (depth === LEVELS.length - 1) return { $id: row.$id, name: row.name, slug: row.slug };
      const found = await descend(depth + 1, row.$id);
      if (found) return found;
    }
    return null;
  };
  return descend(0, null);
}
