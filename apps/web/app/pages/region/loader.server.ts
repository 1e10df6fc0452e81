import { Query } from 'appwrite';
import { pageNotFound } from '../../lib/not-found.server';
import type { CandidateRow } from '../../lib/directory/candidate-rows';
import { PARTY_BADGE_FIELDS, partyBadge } from '../../lib/directory/candidates.server';
import { CANDIDATES_PER_PAGE } from '../../lib/directory/candidate-row-source';
import { findBySlug, redirectToCanonical } from '../../lib/directory/canonical.server';
import { currentElection } from '../../lib/directory/current-election.server';
import { countOf, listAll, listPage } from '../../lib/directory/query.server';
import type { Candidate, District, Election, Office, Party, Region, Subregion } from '../../lib/directory/types';
import { BOUNDARY_FIELD, childrenMap } from '../../lib/maps/place-maps.server';
import type { PlaceMapData } from '../../lib/maps/types';
import { buildPath, candidatePath } from '../../lib/urls';
import { pageFromRequest } from '../../components/ui/pagination';
import { byName, candidateIndexOrder, countBy, countCandidatesOnRecord, inElection } from '../area-hierarchy/lookups.server';
import { districtAreasPath } from '../area-hierarchy/crumbs';
import type { BallotGlance } from '../../lib/charts/glance-types';
import { regionGlance } from './at-a-glance.server';

export interface RegionData {
  region: { id: string; name: string; slug: string; code: string; description: string | null; population: number | null };
  /** `candidatesOnRecord` counts every election (cheap at any scale); the list below is the current one. */
  stats: { subregions: number; districts: number; electoralAreas: number; candidatesOnRecord: number };
  subregions: { name: string; slug: string; districts: number }[];
  districts: { name: string; slug: string; kind: District['kind']; subregionSlug: string }[];
  election: { name: string } | null;
  candidates: { rows: CandidateRow[]; total: number; page: number; pageCount: number };
  /** The region's districts as a clickable map inside its outline; null without boundaries. */
  map: PlaceMapData | null;
  /** The region's figures (at a glance), summed over its areas, for the current election. */
  glance: BallotGlance;
}

/** `/{lev1}-region`: null when no region has that slug; a differently spelled slug redirects. */
export async function loadRegion(request: Request, params: { region: string }): Promise<RegionData | null> {
  const [region, election, offices] = await Promise.all([
    findBySlug<Region & { boundary: string | null }>(request, 'regions', params.region, ['name', 'code', 'description', 'population', BOUNDARY_FIELD]),
    currentElection(request),
    listAll<Office>(request, 'offices', [Query.equal('level', 'region'), Query.select(['name'])]),
  ]);
  if (!region) return null;
  redirectToCanonical(request, buildPath('region', { region: region.slug }));
  const page = pageFromRequest(request);
  const inRegion = [Query.equal('regionId', region.$id)];
  const onRecord = countCandidatesOnRecord(request, inRegion, candidateIndexOrder.region);
  const [subregions, districts, electoralAreas, candidatesOnRecord, candidates, glance] = await Promise.all([
    listAll<Subregion>(request, 'subregions', [...inRegion, Query.select(['name', 'slug'])]),
    listAll<District & { boundary: string | null }>(request, 'districts', [...inRegion, Query.select(['name', 'slug', 'kind', 'subregionId', BOUNDARY_FIELD])]),
    countOf(request, 'electoral_areas', inRegion),
    onRecord,
    regionLevelCandidates(request, region, offices, election, page),
    regionGlance(request, { region, election, candidatesOnRecord: onRecord }),
  ]);
  const pageCount = Math.max(1, Math.ceil(candidates.total / CANDIDATES_PER_PAGE));
  if (page > pageCount) pageNotFound(request);
  const districtsPerSubregion = countBy(districts, 'subregionId');
  const subregionSlugs = new Map(subregions.map((subregion) => [subregion.$id, subregion.slug]));
  const map = await childrenMap(request, {
    level: 'district',
    scope: inRegion,
    places: districts.map((district) => ({ id: district.$id, name: district.name, href: districtAreasPath(district.slug, subregionSlugs.get(district.subregionId) ?? '', region.slug), boundary: district.boundary })),
    outline: region.boundary,
  });
  return {
    region: { id: region.$id, name: region.name, slug: region.slug, code: region.code, description: region.description, population: region.population },
    stats: {
      subregions: subregions.length,
      districts: districts.length,
      electoralAreas,
      candidatesOnRecord,
    },
    subregions: byName(subregions).map((subregion) => ({ name: subregion.name, slug: subregion.slug, districts: districtsPerSubregion[subregion.$id] ?? 0 })),
    districts: byName(districts).map((district) => ({ name: district.name, slug: district.slug, kind: district.kind, subregionSlug: subregionSlugs.get(district.subregionId) ?? '' })),
    election: election ? { name: election.name } : null,
    candidates: { rows: candidates.rows, total: candidates.total, page, pageCount },
    map,
    glance,
  };
}

/** One page of the region-level offices' candidates (e.g. governor), as list rows with their parties. */
async function regionLevelCandidates(request: Request, region: Region, offices: Office[], election: Election | null, page: number): Promise<{ rows: CandidateRow[]; total: number }> {
  if (!election || offices.length === 0) return { rows: [], total: 0 };
  const result = await listPage<Candidate>(request, 'candidates', [
    Query.equal('regionId', region.$id),
    Query.equal('officeId', offices.map((office) => office.$id)),
    inElection(election),
    // Ballot order, as voters see it; sorting one region's race is cheap even at a million candidates.
    ...['officeId', 'ballotNumber', 'name'].map((field) => Query.orderAsc(field)),
    Query.select(['name', 'photoFileId', 'partyId', 'officeId', 'ballotNumber', 'status', 'votes', 'votePercent']),
    Query.limit(CANDIDATES_PER_PAGE),
    Query.offset((page - 1) * CANDIDATES_PER_PAGE),
  ]);
  const partyIds = [...new Set(result.items.map((candidate) => candidate.partyId).filter((id): id is string => Boolean(id)))];
  const parties = partyIds.length
    ? (await listPage<Party>(request, 'parties', [Query.equal('$id', partyIds), Query.select(PARTY_BADGE_FIELDS), Query.limit(partyIds.length)])).items
    : [];
  const partyById = new Map(parties.map((party) => [party.$id, partyBadge(party)]));
  const officeById = new Map(offices.map((office) => [office.$id, office.name]));
  const rows = result.items.map((candidate): CandidateRow => ({
    id: candidate.$id,
    name: candidate.name,
    href: candidatePath(candidate.$id, region.slug),
    photoFileId: candidate.photoFileId || null,
    party: (candidate.partyId && partyById.get(candidate.partyId)) || null,
    office: officeById.get(candidate.officeId) ?? '',
    place: region.name,
    ballotNumber: candidate.ballotNumber,
    status: candidate.status,
    votes: candidate.votes,
    votePercent: candidate.votePercent,
  }));
  return { rows, total: result.total };
}
