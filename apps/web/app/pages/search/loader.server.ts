import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { AppwriteException, Query } from 'appwrite';
import { data } from 'react-router';
import { allOffices, allParties, byIds, candidateRows, INDEPENDENT } from '../../lib/directory/candidates.server';
import { CANDIDATE_ROW_FIELDS, type CandidateRowSource } from '../../lib/directory/candidate-row-source';
import { listAll, listPage } from '../../lib/directory/query.server';
import { matchesTerms } from '../../lib/search/match';
import type { District, Election, ElectoralArea, Office, Party, Region, Subregion } from '../../lib/directory/types';
import { areaHits } from './area-hits';
import { PREVIEW_SIZE, readSearchParams, RESULTS_PER_PAGE, SEARCH_TYPES, type SearchParams, type SearchType } from './params';
import type { SearchData, SearchGroup, SearchHit } from './types';

type Found<T> = { total: number; items: T[] };
type CandidateSource = CandidateRowSource & { electionId: string; photoFileId: string | null };

const areaFields: Record<Exclude<SearchType, 'candidates' | 'parties'>, string[]> = {
  regions: ['$id', 'name', 'slug', 'code'],
  subregions: ['$id', 'name', 'slug', 'regionId'],
  districts: ['$id', 'name', 'slug', 'kind', 'subregionId', 'regionId'],
  electoral_areas: ['$id', 'name', 'slug', 'kind', 'districtId', 'regionId'],
};

/** A page of the chosen type, a preview of every type when none is chosen, else a count alone. */
function searchGroup<T>(request: Request, collection: SearchType, params: SearchParams, queries: string[], fields: string[]): Promise<Found<T>> {
  const chosen = params.type === collection;
  const countOnly = params.type !== null && !chosen;
  const limit = chosen ? RESULTS_PER_PAGE : countOnly ? 1 : PREVIEW_SIZE;
  const offset = chosen ? (params.page - 1) * RESULTS_PER_PAGE : 0;
  const found = listPage<T>(request, collection, [
    Query.search('name', params.q),
    ...queries,
    ...(countOnly ? [Query.select(['$id'])] : [Query.orderAsc('name'), Query.select(fields)]),
    Query.limit(limit),
    ...(offset > 0 ? [Query.offset(offset)] : []),
  ]);
  return countOnly ? found.then(({ total }) => ({ total, items: [] })) : found;
}

/**
 * Parties are few and already loaded for the filters, so they are matched here with the API's rule,
 * on the abbreviation as well as the name ("PPP" finds the People's Progressive Party).
 */
function matchingParties(parties: readonly Party[], terms: string[], params: SearchParams): Found<Party> {
  const matches = parties.filter((party) => matchesTerms(party.name, terms) || matchesTerms(party.abbreviation ?? '', terms));
  if (params.type === null) return { total: matches.length, items: matches.slice(0, PREVIEW_SIZE) };
  if (params.type !== 'parties') return { total: matches.length, items: [] };
  const start = (params.page - 1) * RESULTS_PER_PAGE;
  return { total: matches.length, items: matches.slice(start, start + RESULTS_PER_PAGE) };
}

/** Filter queries for candidates; unknown slugs are dropped (and cleared from the params shown). */
async function candidateFilters(params: SearchParams, regions: Promise<Region[]>, offices: Promise<readonly Office[]>): Promise<{ queries: string[]; region: string; office: string }> {
  const queries: string[] = [];
  if (params.party === INDEPENDENT) queries.push(Query.or([Query.equal('partyId', ['']), Query.isNull('partyId')]));
  else if (params.party) queries.push(Query.equal('partyId', params.party));
  const region = params.region ? (await regions).find((each) => each.slug === params.region) : undefined;
  if (region) queries.push(Query.equal('regionId', region.$id));
  const office = params.office ? (await offices).find((each) => each.slug === params.office) : undefined;
  if (office) queries.push(Query.equal('officeId', office.$id));
  return { queries, region: region?.slug ?? '', office: office?.slug ?? '' };
}

const emptyFilters = { regions: [], parties: [], offices: [] };

/**
 * `/search`, or, when the API refuses the search because this visitor's address has used up its
 * searches for now (429, GUEST_SEARCH_RATE), the same page saying so, answered with a 429 too.
 */
export async function loadSearchPage(request: Request) {
  try {
    return await loadSearch(request);
  } catch (error) {
    if (!(error instanceof AppwriteException && error.code === 429)) throw error;
    const params = readSearchParams(new URL(request.url).searchParams);
    const limited: SearchData = { params, terms: searchTerms(params.q), groups: [], filters: emptyFilters, limited: true };
    return data(limited, { status: 429 });
  }
}

/**
 * `/search`: every type is searched in one parallel round (the chosen type for a page, the others
 * for their counts), then one batched round resolves the places that result links need.
 */
export async function loadSearch(request: Request): Promise<SearchData> {
  const requested = readSearchParams(new URL(request.url).searchParams);
  const terms = searchTerms(requested.q);
  if (terms.length === 0) return { params: requested, terms, groups: [], filters: emptyFilters };

  const regions = listAll<Region>(request, 'regions', [Query.orderAsc('order'), Query.orderAsc('name'), Query.select(['$id', 'name', 'slug'])]);
  const subregions = listAll<Subregion>(request, 'subregions', [Query.select(['$id', 'name', 'slug', 'regionId'])]);
  const offices = allOffices(request);
  const parties = allParties(request);
  const elections = listAll<Election>(request, 'elections', [Query.select(['$id', 'name', 'status'])]);
  const filters = candidateFilters(requested, regions, offices);
  const candidates = filters.then((chosen) =>
    searchGroup<CandidateSource>(request, 'candidates', requested, chosen.queries, [...CANDIDATE_ROW_FIELDS, 'electionId', 'photoFileId']),
  );
  const others = Promise.all([
    searchGroup<Region>(request, 'regions', requested, [], areaFields.regions),
    searchGroup<Subregion>(request, 'subregions', requested, [], areaFields.subregions),
    searchGroup<District>(request, 'districts', requested, [], areaFields.districts),
    searchGroup<ElectoralArea>(request, 'electoral_areas', requested, [], areaFields.electoral_areas),
  ]);

  const [regionList, subregionList, officeList, partyList, electionList, chosen, candidateFound, [regionFound, subregionFound, districtFound, areaFound]] = await Promise.all([
    regions, subregions, offices, parties, elections, filters, candidates, others,
  ]);
  const partyFound = matchingParties(partyList, terms, requested);
  const areaDistricts = byIds<District>(request, 'districts', areaFound.items.map((area) => area.districtId), ['name']);
  const [rows, districtNames] = await Promise.all([candidateRows(request, candidateFound.items, { parties: partyList, offices: officeList }), areaDistricts]);

  const currentElections = new Set(electionList.filter((election) => election.status !== 'concluded').map((election) => election.$id));
  const electionNames = new Map(electionList.map((election) => [election.$id, election.name]));
  const candidateHits: SearchHit[] = rows.map((row, index) => {
    const source = candidateFound.items[index];
    const electionId = source?.electionId ?? '';
    return {
      type: 'candidates',
      id: row.id,
      name: row.name,
      href: row.href,
      office: row.office,
      party: row.party,
      photoFileId: source?.photoFileId || null,
      place: row.place,
      election: currentElections.has(electionId) ? null : (electionNames.get(electionId) ?? null),
      status: row.status,
    };
  });
  const hits = areaHits({
    parties: partyFound.items,
    regions: regionFound.items,
    subregions: subregionFound.items,
    districts: districtFound.items,
    areas: areaFound.items,
    lookups: { regions: regionList, subregions: subregionList, districtNames },
  });
  const found: Record<SearchType, Found<unknown>> = {
    candidates: candidateFound, parties: partyFound, regions: regionFound, subregions: subregionFound, districts: districtFound, electoral_areas: areaFound,
  };
  const groups: SearchGroup[] = SEARCH_TYPES.map((type) => ({ type, total: found[type].total, hits: type === 'candidates' ? candidateHits : hits[type] }));

  return {
    params: { ...requested, region: chosen.region, office: chosen.office },
    terms,
    groups,
    filters: {
      regions: regionList.map((region) => ({ value: region.slug, label: region.name })),
      parties: partyList.map((party) => ({ value: party.$id, label: party.abbreviation ? `${party.name} (${party.abbreviation})` : party.name })),
      offices: officeList.map((office) => ({ value: office.slug, label: office.name })),
    },
  };
}
