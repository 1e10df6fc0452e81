import { Query } from 'appwrite';
import { readingOrderCollator } from '../intl';
import { candidatePath, NATIONAL_LOCATION } from '../urls';
import { listAll, listPage, type CollectionId } from './query.server';
import { currentElection } from './current-election.server';
import type { GroupedPage } from './grouped-page.server';
import { cachedReference, listReference } from './reference.server';
import { INDEPENDENT, type CandidateRow, type ElectionChoice, type ElectionSummary, type OfficeGroup, type PartyBadge } from './candidate-rows';
import type { CandidateRowSource } from './candidate-row-source';
import type { Candidate, District, ElectoralArea, Office, Party, Region } from './types';

// Kept importable from here too: components import them from candidate-rows (no server code).
export { INDEPENDENT, type CandidateRow, type ElectionChoice, type ElectionSummary, type OfficeGroup, type PartyBadge } from './candidate-rows';

export const PARTY_BADGE_FIELDS = ['$id', 'name', 'abbreviation', 'colour'];

export function partyBadge(party: Pick<Party, '$id' | 'name' | 'abbreviation' | 'colour'>): PartyBadge {
  return { id: party.$id, name: party.name, abbreviation: party.abbreviation || party.name, colour: party.colour };
}

/** Documents by id, one query per 100 ids (the API caps values per query), keyed by id. */
export async function byIds<T extends { $id: string }>(request: Request, collection: CollectionId, ids: Iterable<string | null | undefined>, fields: string[]): Promise<Map<string, T>> {
  const unique = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += 100) chunks.push(unique.slice(start, start + 100));
  const pages = await Promise.all(
    chunks.map((chunk) => listPage<T>(request, collection, [Query.equal('$id', chunk), Query.select(['$id', ...fields]), Query.limit(chunk.length)], { total: false })),
  );
  return new Map(pages.flatMap((page) => page.items).map((item) => [item.$id, item]));
}

type Place = { name: string; slug: string };

/** The most specific area a candidate stands in, as the `{loc}` of their URL and a display name. */
export function placeOf(candidate: Pick<Candidate, 'regionId' | 'districtId' | 'electoralAreaId'>, places: { areas: Map<string, Place>; districts: Map<string, Place>; regions: Map<string, Place> }): Place | null {
  if (candidate.electoralAreaId) return places.areas.get(candidate.electoralAreaId) ?? null;
  if (candidate.districtId) return places.districts.get(candidate.districtId) ?? null;
  if (candidate.regionId) return places.regions.get(candidate.regionId) ?? null;
  return null;
}

type KnownPlace = Place & { $id: string };

/** What a page already holds, so rows need no second lookup for it. */
export interface KnownRecords {
  offices?: readonly Office[];
  parties?: readonly Party[];
  /** Places the page has loaded anyway (its own area, district…); only the others are looked up. */
  places?: { areas?: readonly KnownPlace[]; districts?: readonly KnownPlace[]; regions?: readonly KnownPlace[] };
}

/** byIds for the ids that `known` lacks, merged with `known`. */
async function byIdsBeyond<T extends { $id: string }>(request: Request, collection: CollectionId, ids: (string | null | undefined)[], fields: string[], known: readonly T[] = []): Promise<Map<string, T>> {
  const records = new Map(known.map((record) => [record.$id, record]));
  const fetched = await byIds<T>(request, collection, ids.filter((id) => !id || !records.has(id)), fields);
  for (const [id, record] of fetched) records.set(id, record);
  return records;
}

/** Rows for a page of candidates: one batched query per collection, never one per row. */
export async function candidateRows(request: Request, candidates: CandidateRowSource[], known: KnownRecords = {}): Promise<CandidateRow[]> {
  if (candidates.length === 0) return [];
  const placeFields = ['name', 'slug'];
  const [parties, offices, areas, districts, regions] = await Promise.all([
    known.parties ? new Map(known.parties.map((party) => [party.$id, party])) : byIds<Party>(request, 'parties', candidates.map((c) => c.partyId), PARTY_BADGE_FIELDS),
    known.offices ? new Map(known.offices.map((office) => [office.$id, office])) : byIds<Office>(request, 'offices', candidates.map((c) => c.officeId), ['name']),
    byIdsBeyond<KnownPlace>(request, 'electoral_areas', candidates.map((c) => c.electoralAreaId), placeFields, known.places?.areas),
    byIdsBeyond<KnownPlace>(request, 'districts', candidates.filter((c) => !c.electoralAreaId).map((c) => c.districtId), placeFields, known.places?.districts),
    byIdsBeyond<KnownPlace>(request, 'regions', candidates.filter((c) => !c.electoralAreaId && !c.districtId).map((c) => c.regionId), placeFields, known.places?.regions),
  ]);
  return candidates.map((candidate) => {
    const party = candidate.partyId ? parties.get(candidate.partyId) : undefined;
    const place = placeOf(candidate, { areas, districts, regions });
    return {
      id: candidate.$id,
      name: candidate.name,
      href: candidatePath(candidate.$id, place?.slug ?? NATIONAL_LOCATION),
      photoFileId: candidate.photoFileId || null,
      party: party ? partyBadge(party) : null,
      office: offices.get(candidate.officeId)?.name ?? '',
      place: place?.name ?? null,
      ballotNumber: candidate.ballotNumber,
      status: candidate.status,
      votes: candidate.votes,
      votePercent: candidate.votePercent,
    };
  });
}

/** Every district with its parents (a few hundred records, cached as reference data). */
export function allDistricts(request: Request): Promise<readonly District[]> {
  return listReference<District>(request, 'districts', [Query.select(['$id', 'name', 'slug', 'regionId', 'subregionId'])]);
}

/** Every office, in ballot order (a handful of records, cached as reference data). */
export function allOffices(request: Request): Promise<readonly Office[]> {
  return listReference<Office>(request, 'offices', [Query.orderAsc('order'), Query.orderAsc('name'), Query.select(['$id', 'name', 'slug', 'level', 'order'])]);
}

/** Every party, sorted as people read names (Ŋ beside N), not by code point as the database does. */
export function allParties(request: Request, fields: string[] = PARTY_BADGE_FIELDS): Promise<readonly Party[]> {
  const queries = [Query.orderAsc('name'), Query.select(fields)];
  return cachedReference(request, `parties in reading order ${JSON.stringify(queries)}`, async (anonymous) => {
    const parties = await listAll<Party>(anonymous, 'parties', queries);
    const byReadingOrder = readingOrderCollator();
    return parties.sort((a, b) => byReadingOrder.compare(a.name, b.name));
  });
}

/** The `?party=` filter (a party id, or INDEPENDENT); unknown values are ignored. */
export function partyFilter(request: Request, parties: readonly Party[]): { value: string; queries: string[] } {
  const value = new URL(request.url).searchParams.get('party') ?? '';
  if (value === INDEPENDENT) return { value, queries: [Query.or([Query.equal('partyId', ['']), Query.isNull('partyId')])] };
  if (parties.some((party) => party.$id === value)) return { value, queries: [Query.equal('partyId', value)] };
  return { value: '', queries: [] };
}

/** `?election=` (a slug) when it names an election, else the current election, else the latest. */
export async function chosenElection(request: Request): Promise<ElectionChoice> {
  const [elections, current] = await Promise.all([
    listReference<ElectionSummary>(request, 'elections', [Query.orderDesc('date'), Query.select(['$id', 'name', 'slug', 'date', 'status'])]),
    currentElection(request),
  ]);
  const fallback = elections.find((election) => election.$id === current?.$id) ?? elections[0] ?? null;
  const wanted = new URL(request.url).searchParams.get('election');
  const requested = elections.find((election) => election.slug === wanted && election !== fallback) ?? null;
  return { election: requested ?? fallback, elections, defaultSlug: fallback?.slug ?? '', value: requested?.slug ?? '' };
}

/** Rows for every slice of a page grouped by office, resolved together in one batch. */
export async function officeGroups(request: Request, page: GroupedPage<Office>, known: KnownRecords = {}): Promise<OfficeGroup[]> {
  const rows = await candidateRows(request, page.groups.flatMap((group) => group.candidates), known);
  let next = 0;
  return page.groups.map((group) => {
    const groupRows = rows.slice(next, next + group.candidates.length);
    next += group.candidates.length;
    return { office: { name: group.key.name, slug: group.key.slug, level: group.key.level }, total: group.total, rows: groupRows };
  });
}

