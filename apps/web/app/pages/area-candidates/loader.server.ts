import { Query } from 'appwrite';
import { pageFromRequest } from '../../components/ui/pagination';
import { findBySlug, pickBySlug, redirectToCanonical } from '../../lib/directory/canonical.server';
import { allDistricts, allOffices, allParties, chosenElection, officeGroups, partyBadge, partyFilter } from '../../lib/directory/candidates.server';
import { countGroups, pageOfCountedGroups, PLACE_ELECTION_OFFICE_INDEX_ORDER, type GroupSpec } from '../../lib/directory/grouped-page.server';
import { cachedPlace } from '../../lib/directory/place-cache.server';
import { listReference } from '../../lib/directory/reference.server';
import type { ElectoralArea, Office, Region, Subregion } from '../../lib/directory/types';
import { areaLocatorMap } from '../../lib/maps/place-maps.server';
import { areaGlance, type ListedCounts } from './at-a-glance.server';
import { buildPath } from '../../lib/urls';

type Named = { $id: string; name: string; slug: string };

/** `/{ea}-candidates-of-the-{reg}-region`: null unless the electoral area lies in that region. */
export async function loadAreaCandidates(request: Request, params: { area: string; region: string }) {
  const [regions, area] = await Promise.all([
    listReference<Region>(request, 'regions', [Query.select(['$id', 'name', 'slug'])]),
    cachedPlace(request, `electoral area ${params.area}`, (anonymous) =>
      findBySlug<ElectoralArea>(anonymous, 'electoral_areas', params.area, ['name', 'kind', 'districtId', 'subregionId', 'regionId', 'registeredVoters', 'pollingStations']),
    ),
  ]);
  const region = pickBySlug(regions, params.region);
  if (!region || !area || area.regionId !== region.$id) return null;
  redirectToCanonical(request, buildPath('candidatesOfArea', { area: area.slug, region: region.slug }));

  const [districts, subregions, offices, parties, choice, locator] = await Promise.all([
    allDistricts(request),
    listReference<Subregion & Named>(request, 'subregions', [Query.select(['$id', 'name', 'slug'])]),
    allOffices(request),
    allParties(request),
    chosenElection(request),
    cachedPlace(request, `locator map ${area.$id} ${area.districtId}`, (anonymous) => areaLocatorMap(anonymous, { id: area.$id, districtId: area.districtId })),
  ]);
  const district = districts.find((each) => each.$id === area.districtId) ?? null;
  const subregion = subregions.find((each) => each.$id === area.subregionId) ?? null;
  const party = partyFilter(request, parties);
  const page = pageFromRequest(request);

  // The area's own races first, then the district-wide ones its voters also choose.
  const areaFirst = [...offices.filter((office) => office.level === 'electoral_area'), ...offices.filter((office) => office.level === 'district')];
  const groups: GroupSpec<Office>[] = choice.election
    ? areaFirst.flatMap((office) => {
        const base = [Query.equal('electionId', choice.election!.$id), Query.equal('officeId', office.$id), ...party.queries];
        const indexOrder = PLACE_ELECTION_OFFICE_INDEX_ORDER;
        if (office.level === 'electoral_area') return [{ key: office, queries: [...base, Query.equal('electoralAreaId', area.$id)], indexOrder }];
        if (office.level === 'district' && district) return [{ key: office, queries: [...base, Query.equal('districtId', district.$id)], indexOrder }];
        return [];
      })
    : [];
  // The figures wait for the list's counts: an area whose ballot they show to be over the figures'
  // limit needs no figure request at all.
  const counted = countGroups(request, groups, page);
  const [grouped, glance] = await Promise.all([
    counted.then((counts) => pageOfCountedGroups(request, groups, counts, page)),
    counted.then((counts) => areaGlance(request, { area, district, election: choice.election, listed: listedCounts(groups, counts.totals) })),
  ]);
  if (!grouped) return null;

  return {
    area: { id: area.$id, name: area.name, slug: area.slug, kind: area.kind },
    region: { name: region.name, slug: region.slug },
    subregion: subregion && { name: subregion.name, slug: subregion.slug },
    district: district && { id: district.$id, name: district.name, slug: district.slug },
    election: choice.election,
    electionChoice: { elections: choice.elections, defaultSlug: choice.defaultSlug, value: choice.value },
    partyValue: party.value,
    parties: parties.map(partyBadge),
    groups: await officeGroups(request, grouped, { offices, parties, places: { areas: [area], districts, regions } }),
    page,
    pageCount: grouped.pageCount,
    total: grouped.total,
    /** The area's figures (at a glance), over its whole ballot whatever the party filter. */
    glance,
    /** The area among its district's areas; null without boundaries. */
    locator,
  };
}

/** The list's counts by where its groups look: the area's own offices, and the district's by office. */
function listedCounts(groups: readonly GroupSpec<Office>[], totals: readonly number[]): ListedCounts {
  let inArea = 0;
  const inDistrict = new Map<string, number>();
  groups.forEach((group, index) => {
    const total = totals[index] ?? 0;
    if (group.key.level === 'electoral_area') inArea += total;
    else inDistrict.set(group.key.$id, total);
  });
  return { inArea, inDistrict };
}

export type AreaCandidatesData = NonNullable<Awaited<ReturnType<typeof loadAreaCandidates>>>;
