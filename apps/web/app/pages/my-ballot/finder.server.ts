import { Query } from 'appwrite';
import { data, redirect } from 'react-router';
import { findBySlug, pickBySlug } from '../../lib/directory/canonical.server';
import { allDistricts } from '../../lib/directory/candidates.server';
import { listAll, listPage } from '../../lib/directory/query.server';
import { listReference } from '../../lib/directory/reference.server';
import type { ElectoralArea, Region } from '../../lib/directory/types';
import { locateArea } from '../../lib/geo/locate.server';
import { parseLngLat } from '../../lib/geo/point';
import { routeMessages } from '../../lib/i18n.server';
import { forgetPlaceCookie, rememberedPlace } from './place-cookie';
import { matchPlaces, type PlaceMatch, type PlaceRow } from './place-matches';
import { ballotPath, MY_BALLOT_PATH } from './paths';

export interface PlaceLink {
  name: string;
  slug: string;
}

/** What the finder shows below its search box: one step of the walk, or the places that match. */
export type FinderStep =
  | { kind: 'regions'; regions: PlaceLink[] }
  | { kind: 'districts'; region: PlaceLink; districts: PlaceLink[] }
  | { kind: 'areas'; region: PlaceLink | null; district: PlaceLink; areas: PlaceLink[] }
  | { kind: 'matches'; query: string; matches: PlaceMatch[] };

const MAX_QUERY_LENGTH = 200;
const byName = (a: PlaceLink, b: PlaceLink): number => a.name.localeCompare(b.name);
const link = ({ name, slug }: PlaceLink): PlaceLink => ({ name, slug });

function regionsRef(request: Request) {
  return listReference<Region>(request, 'regions', [Query.orderAsc('order'), Query.orderAsc('name'), Query.select(['$id', 'name', 'slug'])]);
}

async function stepOf(request: Request, url: URL): Promise<FinderStep | null> {
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  if (query !== '') {
    const matches = await matchPlaces(query, async (collection, queries) => (await listPage<PlaceRow>(request, collection, queries, { total: false })).items);
    return { kind: 'matches', query, matches };
  }
  const districtSlug = url.searchParams.get('district');
  if (districtSlug) {
    const [districts, regions] = await Promise.all([allDistricts(request), regionsRef(request)]);
    const district = pickBySlug(districts, districtSlug);
    if (!district) return null;
    const areas = await listAll<ElectoralArea>(request, 'electoral_areas', [Query.equal('districtId', district.$id), Query.orderAsc('name'), Query.select(['$id', 'name', 'slug'])]);
    const region = regions.find((each) => each.$id === district.regionId);
    return { kind: 'areas', region: region ? link(region) : null, district: link(district), areas: areas.map(link) };
  }
  const regionSlug = url.searchParams.get('region');
  if (regionSlug) {
    const [regions, districts] = await Promise.all([regionsRef(request), allDistricts(request)]);
    const region = pickBySlug(regions, regionSlug);
    if (!region) return null;
    return { kind: 'districts', region: link(region), districts: districts.filter((district) => district.regionId === region.$id).map(link).sort(byName) };
  }
  return { kind: 'regions', regions: (await regionsRef(request)).map(link) };
}

/**
 * `/my-ballot`: find a place by name (`?q=`), by walking the hierarchy (`?region=`, then
 * `?district=`), or by position (`?lat=&lng=`, sent by "Use my location": a point inside an
 * electoral area redirects to its ballot). Also offers the place this browser remembers.
 */
export async function loadFinder(request: Request) {
  const url = new URL(request.url);
  const messages = routeMessages(request, 'my-ballot');
  let located: 'outside' | 'invalid' | null = null;
  if (url.searchParams.has('lat') || url.searchParams.has('lng')) {
    const point = parseLngLat(url.searchParams.get('lng'), url.searchParams.get('lat'));
    const area = point ? await locateArea(request, point) : null;
    if (area) throw redirect(ballotPath(area.slug));
    located = point ? 'outside' : 'invalid';
  }
  const rememberedSlug = rememberedPlace(request);
  const [step, remembered] = await Promise.all([
    stepOf(request, url),
    rememberedSlug ? findBySlug<ElectoralArea>(request, 'electoral_areas', rememberedSlug, ['name']) : null,
  ]);
  const status = step ? 200 : 404;
  return data(
    {
      messages,
      located,
      step: step ?? { kind: 'regions' as const, regions: (await regionsRef(request)).map(link) },
      unknownStep: step === null,
      remembered: remembered ? link(remembered) : null,
    },
    { status, headers: { 'Cache-Control': 'private, no-cache' } },
  );
}

export type FinderData = Awaited<ReturnType<typeof loadFinder>>['data'];

/** "Change place": forgets the remembered area and shows the finder again. */
export function forgetPlace(): Response {
  return redirect(MY_BALLOT_PATH, { headers: { 'Set-Cookie': forgetPlaceCookie() } });
}
