import { Query } from 'appwrite';
import { pageFromRequest } from '../../components/ui/pagination';
import { findBySlug, redirectToCanonical } from '../../lib/directory/canonical.server';
import {
  allOffices, allParties, byIds, chosenElection, groupedCandidatePage, officeGroups, partyBadge, partyFilter, type GroupSpec,
} from '../../lib/directory/candidates.server';
import type { District, ElectoralArea, Office, Region, Subregion } from '../../lib/directory/types';
import { buildPath } from '../../lib/urls';

type Named = { $id: string; name: string; slug: string };

/** `/{ea}-candidates-of-the-{reg}-region`: null unless the electoral area lies in that region. */
export async function loadAreaCandidates(request: Request, params: { area: string; region: string }) {
  const [region, area] = await Promise.all([
    findBySlug<Region>(request, 'regions', params.region, ['name']),
    findBySlug<ElectoralArea>(request, 'electoral_areas', params.area, ['name', 'kind', 'districtId', 'subregionId', 'regionId']),
  ]);
  if (!region || !area || area.regionId !== region.$id) return null;
  redirectToCanonical(request, buildPath('candidatesOfArea', { area: area.slug, region: region.slug }));

  const [places, offices, parties, choice] = await Promise.all([
    Promise.all([
      byIds<District & Named>(request, 'districts', [area.districtId], ['name', 'slug']),
      byIds<Subregion & Named>(request, 'subregions', [area.subregionId], ['name', 'slug']),
    ]),
    allOffices(request),
    allParties(request),
    chosenElection(request),
  ]);
  const district = places[0].get(area.districtId) ?? null;
  const subregion = places[1].get(area.subregionId) ?? null;
  const party = partyFilter(request, parties);
  const page = pageFromRequest(request);

  // The area's own races first, then the district-wide ones its voters also choose.
  const areaFirst = [...offices.filter((office) => office.level === 'electoral_area'), ...offices.filter((office) => office.level === 'district')];
  const groups: GroupSpec<Office>[] = choice.election
    ? areaFirst.flatMap((office) => {
        const base = [Query.equal('electionId', choice.election!.$id), Query.equal('officeId', office.$id), ...party.queries];
        if (office.level === 'electoral_area') return [{ key: office, queries: [...base, Query.equal('electoralAreaId', area.$id)] }];
        if (office.level === 'district' && district) return [{ key: office, queries: [...base, Query.equal('districtId', district.$id)] }];
        return [];
      })
    : [];
  const grouped = await groupedCandidatePage(request, groups, page);
  if (!grouped) return null;

  return {
    area: { name: area.name, slug: area.slug, kind: area.kind },
    region: { name: region.name, slug: region.slug },
    subregion: subregion && { name: subregion.name, slug: subregion.slug },
    district: district && { name: district.name, slug: district.slug },
    election: choice.election,
    electionChoice: { elections: choice.elections, defaultSlug: choice.defaultSlug, value: choice.value },
    partyValue: party.value,
    parties: parties.map(partyBadge),
    groups: await officeGroups(request, grouped, { offices, parties }),
    page,
    pageCount: grouped.pageCount,
    total: grouped.total,
  };
}

export type AreaCandidatesData = NonNullable<Awaited<ReturnType<typeof loadAreaCandidates>>>;
