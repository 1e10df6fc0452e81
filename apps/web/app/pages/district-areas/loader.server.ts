import { Query } from 'appwrite';
import { findBySlug, redirectToCanonical } from '../../lib/directory/canonical.server';
import { currentElection } from '../../lib/directory/current-election.server';
import { getById, listAll } from '../../lib/directory/query.server';
import type { District, ElectoralArea, Office, Region, Subregion } from '../../lib/directory/types';
import { BOUNDARY_FIELD, childrenMap } from '../../lib/maps/place-maps.server';
import type { PlaceMapData } from '../../lib/maps/types';
import { buildPath } from '../../lib/urls';
import { byName, candidateIndexOrder, countCandidates } from '../area-hierarchy/lookups.server';
import { ALL_OFFICES } from '../district-candidates/constants';
import type { BallotGlance } from '../../lib/charts/glance-types';
import { districtGlance } from './at-a-glance.server';

export interface DistrictAreasData {
  region: { name: string; slug: string };
  subregion: { name: string; slug: string };
  district: { id: string; name: string; slug: string; kind: District['kind']; description: string | null; population: number | null };
  election: { name: string } | null;
  electoralAreas: { name: string; slug: string; kind: string; code: string | null; registeredVoters: number | null; pollingStations: number | null; candidates: number }[];
  /** `All` first (the sum of the others), then each office with candidates in the district (current election). */
  offices: { slug: string; name: string | null; candidates: number }[];
  /** The district's figures (at a glance) for the current election. */
  glance: BallotGlance;
  /** The district's electoral areas as a clickable map inside its outline; null without boundaries. */
  map: PlaceMapData | null;
}

type Params = { district: string } | { district: string; subregion: string; region: string };

/** Offices elected inside a district; national and regional candidates carry no district. */
const districtLevels: Office['level'][] = ['district', 'electoral_area'];

/**
 * `/ElectoralArea-in-{dist}` and `/districts/Electoral-Area-in-{dist}-in-{sub}-sub-region-of-{reg}`.
 * The long form must name the district's own sub-region and region, else null; a differently
 * spelled slug redirects to the same form spelled canonically.
 */
export async function loadDistrictAreas(request: Request, params: Params): Promise<DistrictAreasData | null> {
  const long = 'region' in params;
  const [district, namedSubregion, namedRegion, election, offices] = await Promise.all([
    findBySlug<District & { boundary: string | null }>(request, 'districts', params.district, ['name', 'kind', 'description', 'population', 'subregionId', 'regionId', BOUNDARY_FIELD]),
    long ? findBySlug<Subregion>(request, 'subregions', params.subregion, ['name']) : null,
    long ? findBySlug<Region>(request, 'regions', params.region, ['name']) : null,
    currentElection(request),
    listAll<Office>(request, 'offices', [Query.equal('level', districtLevels), Query.orderAsc('order'), Query.select(['name', 'slug'])]),
  ]);
  if (!district) return null;
  if (long && (namedSubregion?.$id !== district.subregionId || namedRegion?.$id !== district.regionId)) return null;
  if (long && namedSubregion && namedRegion) {
    redirectToCanonical(request, buildPath('areasOfDistrictInSubregion', { district: district.slug, subregion: namedSubregion.slug, region: namedRegion.slug }));
  } else {
    redirectToCanonical(request, buildPath('areasOfDistrict', { district: district.slug }));
  }

  const inDistrict = [Query.equal('districtId', district.$id)];
  const [subregion, region, areas, officeCounts] = await Promise.all([
    namedSubregion ?? getById<Subregion>(request, 'subregions', district.subregionId, ['name', 'slug']),
    namedRegion ?? getById<Region>(request, 'regions', district.regionId, ['name', 'slug']),
    listAll<ElectoralArea & { boundary: string | null }>(request, 'electoral_areas', [...inDistrict, Query.select(['name', 'slug', 'kind', 'code', 'registeredVoters', 'pollingStations', BOUNDARY_FIELD])]),
    Promise.all(offices.map((office) => countCandidates(request, election, [...inDistrict, Query.equal('officeId', office.$id)], candidateIndexOrder.districtOffice))),
  ]);
  if (!subregion || !region) return null;
  const [glance, map, ...areaCounts] = await Promise.all([
    districtGlance(request, { district, election, areas }),
    childrenMap(request, {
      level: 'electoral_area',
      scope: inDistrict,
      places: areas.map((area) => ({ id: area.$id, name: area.name, href: buildPath('candidatesOfArea', { area: area.slug, region: region.slug }), boundary: area.boundary })),
      outline: district.boundary,
    }),
    ...areas.map((area) => countCandidates(request, election, [Query.equal('electoralAreaId', area.$id)], candidateIndexOrder.area)),
  ]);
  const officesWithCandidates = offices.map((office, index) => ({ slug: office.slug, name: office.name, candidates: officeCounts[index] ?? 0 })).filter((office) => office.candidates > 0);

  return {
    region: { name: region.name, slug: region.slug },
    subregion: { name: subregion.name, slug: subregion.slug },
    district: { id: district.$id, name: district.name, slug: district.slug, kind: district.kind, description: district.description, population: district.population },
    election: election ? { name: election.name } : null,
    electoralAreas: byName(
      areas.map((area, index) => ({
        name: area.name,
        slug: area.slug,
        kind: area.kind,
        code: area.code,
        registeredVoters: area.registeredVoters,
        pollingStations: area.pollingStations,
        candidates: areaCounts[index] ?? 0,
      })),
    ),
    offices: [{ slug: ALL_OFFICES, name: null, candidates: officesWithCandidates.reduce((total, office) => total + office.candidates, 0) }, ...officesWithCandidates],
    map,
    glance,
  };
}
