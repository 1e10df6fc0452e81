import { Query } from 'appwrite';
import { currentElection } from '../../lib/directory/current-election.server';
import { entityPaths } from '../../lib/directory/entity-paths';
import { countOf, listAll, listPage } from '../../lib/directory/query.server';
import type { CalendarEvent, District, Party, Region } from '../../lib/directory/types';
import { BOUNDARY_FIELD, childrenMap } from '../../lib/maps/place-maps.server';
import type { PlaceMapData } from '../../lib/maps/types';
import { ballotOffer, type BallotOffer } from '../my-ballot/remembered.server';

export interface HomeRegion {
  name: string;
  slug: string;
  code: string;
  districts: number;
  candidates: number;
}

export type HomeEvent = Pick<CalendarEvent, '$id' | 'title' | 'start' | 'end' | 'allDay' | 'kind' | 'location'>;

export interface HomeData {
  /** The server's clock when rendering: the countdown starts from it so SSR and hydration agree. */
  now: number;
  election: { name: string; date: string; status: string } | null;
  regions: HomeRegion[];
  events: HomeEvent[];
  parties: Pick<Party, '$id' | 'name' | 'abbreviation' | 'colour'>[];
  totals: { electoralAreas: number; parties: number; candidates: number };
  /** The regions as a clickable map; null when no region has a boundary. */
  map: PlaceMapData | null;
  /** The way into My ballot: straight to the place this browser chose there (a cookie), else to the finder. */
  yourBallot: BallotOffer;
}

export const UPCOMING_EVENTS = 5;
const DAY_MS = 86_400_000;

/**
 * Everything the home page shows in two parallel rounds: records and totals first, then the
 * candidate counts that need the current election and the regions' ids.
 */
export async function loadHome(request: Request): Promise<HomeData> {
  const now = Date.now();
  const startOfToday = new Date(now - (now % DAY_MS)).toISOString();
  const yourBallot = ballotOffer(request);
  const [election, regions, districts, events, parties, electoralAreas] = await Promise.all([
    currentElection(request),
    listAll<Region & { boundary: string | null }>(request, 'regions', [Query.orderAsc('order'), Query.orderAsc('name'), Query.select(['$id', 'name', 'slug', 'code', BOUNDARY_FIELD])]),
    listAll<District>(request, 'districts', [Query.select(['$id', 'regionId'])], 5000),
    listPage<HomeEvent>(request, 'events', [
      // Still running, or starting today or later (all-day events have no end).
      Query.or([Query.greaterThanEqual('start', startOfToday), Query.greaterThanEqual('end', new Date(now).toISOString())]),
      Query.orderAsc('start'),
      Query.select(['$id', 'title', 'start', 'end', 'allDay', 'kind', 'location']),
      Query.limit(UPCOMING_EVENTS),
    ]),
    listAll<Party>(request, 'parties', [Query.orderAsc('name'), Query.select(['$id', 'name', 'abbreviation', 'colour'])]),
    countOf(request, 'electoral_areas', []),
  ]);
  const inElection = election ? [Query.equal('electionId', election.$id)] : [];
  // The order matches the (regionId, officeId, name) index: without it the one-row page that comes
  // with a count sorts every candidate of the region (about 0.4 s each with a million candidates).
  const regionOrder = [Query.orderAsc('officeId'), Query.orderAsc('name')];
  const [map, candidates, ...perRegion] = await Promise.all([
    childrenMap(request, {
      level: 'region',
      scope: [],
      places: regions.map((region) => ({ id: region.$id, name: region.name, href: entityPaths.region(region.slug), boundary: region.boundary })),
    }),
    countOf(request, 'candidates', inElection),
    ...regions.map((region) => countOf(request, 'candidates', [...inElection, Query.equal('regionId', region.$id), ...regionOrder])),
  ]);
  const districtsPerRegion = new Map<string, number>();
  for (const district of districts) districtsPerRegion.set(district.regionId, (districtsPerRegion.get(district.regionId) ?? 0) + 1);

  return {
    now,
    election: election && { name: election.name, date: election.date, status: election.status },
    regions: regions.map((region, index) => ({
      name: region.name,
      slug: region.slug,
      code: region.code,
      districts: districtsPerRegion.get(region.$id) ?? 0,
      candidates: perRegion[index] ?? 0,
    })),
    events: events.items,
    // Only what the page shows: the API adds every document's system fields to a selection.
    parties: parties.map(({ $id, name, abbreviation, colour }) => ({ $id, name, abbreviation, colour })),
    totals: { electoralAreas, parties: parties.length, candidates },
    map,
    yourBallot: await yourBallot,
  };
}
