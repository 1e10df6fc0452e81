import { Query } from 'appwrite';
import { pageFromRequest } from '../../components/ui/pagination';
import { matchSlug, pickBySlug, redirectToCanonical } from '../../lib/directory/canonical.server';
import { allDistricts, allOffices, allParties, chosenElection, officeGroups, partyBadge, partyFilter } from '../../lib/directory/candidates.server';
import { groupedCandidatePage, PLACE_ELECTION_OFFICE_INDEX_ORDER, type GroupSpec } from '../../lib/directory/grouped-page.server';
import { listReference } from '../../lib/directory/reference.server';
import type { Office, Region, Subregion } from '../../lib/directory/types';
import { buildPath } from '../../lib/urls';
import { ALL_OFFICES } from './constants';

/** Offices elected inside a district; national and regional races have no district page. */
const districtLevels: readonly Office['level'][] = ['district', 'electoral_area'];

/** `/districts/{select}-Candidates-of-{dist}`: null when the office (unless All) or the district does not resolve. */
export async function loadDistrictCandidates(request: Request, params: { office: string; district: string }) {
  const [districts, offices] = await Promise.all([allDistricts(request), allOffices(request)]);
  const district = pickBySlug(districts, params.district);
  if (!district) return null;
  const districtOffices = offices.filter((office) => districtLevels.includes(office.level));
  const isAll = params.office.toLowerCase() === ALL_OFFICES.toLowerCase();
  const office = isAll ? null : matchSlug(districtOffices, params.office);
  if (!isAll && !office) return null;
  redirectToCanonical(request, buildPath('districtCandidates', { office: office?.slug ?? ALL_OFFICES, district: district.slug }));

  const [regions, subregions, parties, choice] = await Promise.all([
    listReference<Region>(request, 'regions', [Query.select(['$id', 'name', 'slug'])]),
    listReference<Subregion>(request, 'subregions', [Query.select(['$id', 'name', 'slug'])]),
    allParties(request),
    chosenElection(request),
  ]);
  const region = regions.find((each) => each.$id === district.regionId) ?? null;
  const subregion = subregions.find((each) => each.$id === district.subregionId) ?? null;
  const party = partyFilter(request, parties);
  const page = pageFromRequest(request);

  const shownOffices = office ? [office] : districtOffices;
  const election = choice.election;
  const groups: GroupSpec<Office>[] = election
    ? shownOffices.map((shown) => ({
        key: shown,
        queries: [Query.equal('districtId', district.$id), Query.equal('officeId', shown.$id), Query.equal('electionId', election.$id), ...party.queries],
        indexOrder: PLACE_ELECTION_OFFICE_INDEX_ORDER,
      }))
    : [];
  const grouped = await groupedCandidatePage(request, groups, page);
  if (!grouped) return null;

  return {
    district: { id: district.$id, name: district.name, slug: district.slug },
    region: region && { name: region.name, slug: region.slug },
    subregion: subregion && { name: subregion.name, slug: subregion.slug },
    office: office && { name: office.name, slug: office.slug },
    offices: districtOffices.map((each) => ({ name: each.name, slug: each.slug })),
    election,
    electionChoice: { elections: choice.elections, defaultSlug: choice.defaultSlug, value: choice.value },
    parties: parties.map(partyBadge),
    partyValue: party.value,
    groups: await officeGroups(request, grouped, { offices, parties, places: { districts, regions } }),
    page,
    pageCount: grouped.pageCount,
    total: grouped.total,
  };
}

export type DistrictCandidatesData = NonNullable<Awaited<ReturnType<typeof loadDistrictCandidates>>>;
