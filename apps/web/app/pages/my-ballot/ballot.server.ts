import { Query } from 'appwrite';
import { data } from 'react-router';
import { findBySlug, redirectToCanonical } from '../../lib/directory/canonical.server';
import { allDistricts, allOffices, allParties, candidateRows, PARTY_BADGE_FIELDS } from '../../lib/directory/candidates.server';
import { CANDIDATE_ROW_FIELDS, type CandidateRowSource } from '../../lib/directory/candidate-row-source';
import { currentElection } from '../../lib/directory/current-election.server';
import { listPage } from '../../lib/directory/query.server';
import { listReference } from '../../lib/directory/reference.server';
import type { ElectionSummary } from '../../lib/directory/candidate-rows';
import type { CalendarEvent, ElectoralArea, Office, Party, Region } from '../../lib/directory/types';
import { routeMessages } from '../../lib/i18n.server';
import { pageNotFound } from '../../lib/not-found.server';
import { ballotPath } from './paths';
import { rememberPlaceCookie } from './place-cookie';
import { racesOf, type BallotEvent, type PartyLogoRef } from './races';

/** More than any real race has; one request per level fetches them all. */
const MAX_PER_LEVEL = 200;
const EVENT_KINDS = ['registration', 'polling'] as const;

type Level = Office['level'];

/**
 * `/my-ballot/{area}/{election?}`: every race on the ballot of one electoral area — national,
 * its region's, its district's and its own offices — with the candidates in ballot-number order,
 * and the registration and polling events that concern it. Reference data (offices, parties,
 * regions, districts, elections) comes from the site's cache, so a ballot costs six API requests
 * in two rounds: the area, then the candidates of each of the four levels and the events together.
 * Opening a ballot remembers its place in a cookie.
 */
export async function loadBallot(request: Request, params: { area?: string; election?: string }) {
  const [area, regions, districts, offices, parties, elections, current] = await Promise.all([
    findBySlug<ElectoralArea>(request, 'electoral_areas', params.area ?? '', ['name', 'kind', 'districtId', 'regionId', 'registeredVoters', 'pollingStations']),
    listReference<Region>(request, 'regions', [Query.select(['$id', 'name', 'slug'])]),
    allDistricts(request),
    allOffices(request),
    allParties(request, [...PARTY_BADGE_FIELDS, 'logoFileId']),
    listReference<ElectionSummary>(request, 'elections', [Query.orderDesc('date'), Query.select(['$id', 'name', 'slug', 'date', 'status'])]),
    currentElection(request),
  ]);
  if (!area) pageNotFound(request);
  const election = params.election
    ? (elections.find((each) => each.slug === params.election) ?? pageNotFound(request))
    : (elections.find((each) => each.$id === current?.$id) ?? elections[0] ?? null);
  redirectToCanonical(request, ballotPath(area.slug, params.election ? election?.slug : undefined));
  const region = regions.find((each) => each.$id === area.regionId) ?? null;
  const district = districts.find((each) => each.$id === area.districtId) ?? null;

  const levelFilter: Record<Level, string[] | null> = {
    national: [],
    region: region ? [Query.equal('regionId', region.$id)] : null,
    district: district ? [Query.equal('districtId', district.$id)] : null,
    electoral_area: [Query.equal('electoralAreaId', area.$id)],
  };
  const levelOffices = (level: Level) => offices.filter((office) => office.level === level).map((office) => office.$id);
  const fetchLevel = async (level: Level): Promise<CandidateRowSource[]> => {
    const filter = levelFilter[level];
    const officeIds = levelOffices(level);
    if (!election || !filter || officeIds.length === 0) return [];
    const queries = [Query.equal('electionId', election.$id), Query.equal('officeId', officeIds), ...filter, Query.orderAsc('ballotNumber'), Query.orderAsc('name'), Query.select(CANDIDATE_ROW_FIELDS), Query.limit(MAX_PER_LEVEL)];
    return (await listPage<CandidateRowSource>(request, 'candidates', queries, { total: false })).items;
  };
  const levels: Level[] = ['national', 'region', 'district', 'electoral_area'];
  const [candidateLists, events] = await Promise.all([Promise.all(levels.map(fetchLevel)), ballotEvents(request, election, region?.$id ?? null, district?.$id ?? null)]);
  const sources = candidateLists.flat();
  const rows = await candidateRows(request, sources, { offices, parties, places: { areas: [area], districts, regions } });
  const logos: Record<string, PartyLogoRef> = Object.fromEntries(parties.map((party: Party) => [party.$id, { logoFileId: party.logoFileId || null }]));

  return data(
    {
      messages: routeMessages(request, 'my-ballot'),
      now: Date.now(),
      area: { id: area.$id, name: area.name, slug: area.slug, kind: area.kind, registeredVoters: area.registeredVoters, pollingStations: area.pollingStations },
      region: region && { name: region.name, slug: region.slug },
      district: district && { name: district.name, slug: district.slug },
      election,
      elections: elections.map(({ name, slug, date }) => ({ name, slug, date })),
      races: racesOf(sources, rows, offices, logos),
      events,
    },
    { headers: { 'Set-Cookie': rememberPlaceCookie(area.slug), 'Cache-Control': 'private, no-cache' } },
  );
}

/** Registration and polling events of the election that are national, of the area's region, or of its district. */
async function ballotEvents(request: Request, election: ElectionSummary | null, regionId: string | null, districtId: string | null): Promise<BallotEvent[]> {
  const nowhere = [Query.equal('regionId', ''), Query.isNull('regionId')];
  const notDistrict = [Query.equal('districtId', ''), Query.isNull('districtId')];
  const places = [
    ...nowhere,
    ...(regionId ? [Query.and([Query.equal('regionId', regionId), Query.or(districtId ? [...notDistrict, Query.equal('districtId', districtId)] : notDistrict)])] : []),
  ];
  const queries = [
    Query.equal('kind', [...EVENT_KINDS]),
    ...(election ? [Query.or([Query.equal('electionId', election.$id), Query.equal('electionId', ''), Query.isNull('electionId')])] : []),
    Query.or(places),
    Query.orderAsc('start'),
    Query.select(['$id', 'title', 'start', 'end', 'allDay', 'kind', 'location']),
    Query.limit(50),
  ];
  return (await listPage<CalendarEvent>(request, 'events', queries, { total: false })).items.map(({ $id, title, start, end, allDay, kind, location }) => ({ $id, title, start, end, allDay, kind, location }));
}

export type BallotData = Awaited<ReturnType<typeof loadBallot>>['data'];
