import { Query } from 'appwrite';
import { findBySlug, redirectToCanonical } from '../../lib/directory/canonical.server';
import { listAll } from '../../lib/directory/query.server';
import type { District, Region, Subregion } from '../../lib/directory/types';
import { buildPath } from '../../lib/urls';
import { byName, tally } from '../area-hierarchy/lookups.server';

export interface SubregionDistrictsData {
  region: { name: string; slug: string };
  subregion: { name: string; slug: string; description: string | null };
  districts: { name: string; slug: string; kind: District['kind']; population: number | null; electoralAreas: number }[];
}

/** `/districts/Districts-in-{sub}-sub-region-of-{reg}`: null unless the sub-region lies in that region. */
export async function loadSubregionDistricts(request: Request, params: { subregion: string; region: string }): Promise<SubregionDistrictsData | null> {
  const [region, subregion] = await Promise.all([
    findBySlug<Region>(request, 'regions', params.region, ['name']),
    findBySlug<Subregion>(request, 'subregions', params.subregion, ['name', 'description', 'regionId']),
  ]);
  if (!region || !subregion || subregion.regionId !== region.$id) return null;
  redirectToCanonical(request, buildPath('districtsOfSubregion', { subregion: subregion.slug, region: region.slug }));
  const inSubregion = [Query.equal('subregionId', subregion.$id)];
  const [districts, electoralAreas] = await Promise.all([
    listAll<District>(request, 'districts', [...inSubregion, Query.select(['name', 'slug', 'kind', 'population'])]),
    tally(request, 'electoral_areas', inSubregion, 'districtId'),
  ]);
  return {
    region: { name: region.name, slug: region.slug },
    subregion: { name: subregion.name, slug: subregion.slug, description: subregion.description },
    districts: byName(districts).map((district) => ({
      name: district.name,
      slug: district.slug,
      kind: district.kind,
      population: district.population,
      electoralAreas: electoralAreas[district.$id] ?? 0,
    })),
  };
}
