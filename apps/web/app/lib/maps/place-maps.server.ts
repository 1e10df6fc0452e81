import { Query } from 'appwrite';
import { listAll, listPage, type CollectionId } from '../directory/query.server';
import { parseBoundary } from '../geo/boundary';
import { drawMap } from './draw.server';
import { mapResults, type MappedLevel } from './map-results.server';
import type { PlaceMapData } from './types';

/** A place as a page lists it, with the `boundary` attribute its loader selected. */
export interface MappablePlace {
  id: string;
  name: string;
  href: string | null;
  boundary?: string | null;
}

export const BOUNDARY_FIELD = 'boundary';

/** Width of a locator map, in its own pixels: small, so its paths are short. */
const LOCATOR_WIDTH = 240;

/**
 * The clickable map of `places` (all of `level`, inside `scope`), outlined by their parent and
 * coloured by leading party when the results election has results there; null when no place has
 * a boundary (then the results are not even asked for).
 */
export async function childrenMap(
  request: Request,
  { level, scope, places, outline = null }: { level: MappedLevel; scope: string[]; places: readonly MappablePlace[]; outline?: string | null },
): Promise<PlaceMapData | null> {
  const drawable = places.map((place) => ({ id: place.id, name: place.name, href: place.href, boundary: parseBoundary(place.boundary) }));
  if (!drawable.some((place) => place.boundary)) return null;
  const colouring = await mapResults(request, level, scope);
  return drawMap(
    drawable.map((place) => ({ ...place, leadingPartyId: colouring?.leaders.get(place.id) ?? null })),
    { outline: parseBoundary(outline), results: colouring?.results ?? null },
  );
}

/** Where one electoral area lies in its district: the district's areas, the area filled, the district outlined. */
export async function areaLocatorMap(request: Request, area: { id: string; districtId: string }): Promise<PlaceMapData | null> {
  const [areas, district] = await Promise.all([
    listAll<{ $id: string; boundary: string | null }>(request, 'electoral_areas', [Query.equal('districtId', area.districtId), Query.select(['$id', BOUNDARY_FIELD])]),
    boundaryOf(request, 'districts', area.districtId),
  ]);
  const current = areas.find((each) => each.$id === area.id);
  if (!parseBoundary(current?.boundary)) return null;
  return drawMap(
    areas.map((each) => ({ id: each.$id, name: '', href: null, boundary: parseBoundary(each.boundary) })),
    { outline: parseBoundary(district), currentId: area.id, width: LOCATOR_WIDTH },
  );
}

async function boundaryOf(request: Request, collection: CollectionId, id: string): Promise<string | null> {
  const page = await listPage<{ $id: string; boundary: string | null }>(request, collection, [Query.equal('$id', id), Query.select(['$id', BOUNDARY_FIELD]), Query.limit(1)], { total: false });
  return page.items[0]?.boundary ?? null;
}
