import { Query } from 'appwrite';
import { findBySlug, redirectToCanonical } from '../../lib/directory/canonical.server';
import { listAll } from '../../lib/directory/query.server';
import type { District, Region, Subregion } from '../../lib/directory/types';
import { BOUNDARY_FIELD, childrenMap } from '../../lib/maps/place-maps.server';
import type { PlaceMapData } from '../../lib/maps/types';
import { buildPath } from '../../lib/urls';
import { byName, tally } from '../area-hierarchy/lookups.server';
import { districtAreasPath } from '../area-hierarchy/crumbs';

export interface SubregionDistrictsData {
  region: { name: string; slug: string };
  subregion: { name: string; slug: string; description: string | null };
  districts: { name: string; slug: string; kind: District['kind']; population: number | null; electoralAreas: number }[];
  /** The sub-region's districts as a clickable map inside its outline; null without boundaries. */
  map: PlaceMapData | null;
}

/** `/districts/Districts-in-{sub}-sub-region-of-{reg}`: null unless the sub-region lies in that region. */
export async function loadSubregionDistricts(request: Request, params: { subregion: string; region: string }): Promise<SubregionDistrictsData | null> {
  const [region, subregion] = await Promise.all([
    findBySlug<Region>(request, 'regions', params.region, ['name']),
    findBySlug<Subregion & { boundary: string | null }>(request, 'subregions', params.subregion, ['name', 'description', 'regionId', BOUNDARY_FIELD]),
  ]);
  if (!region || !subregion || subregion.regionId !== region.$id) return null;
  redirectToCanonical(request, buildPath('districtsOfSubregion', { subregion: subregion.slug, region: region.slug }));
  const inSubregion = [Query.equal('subregionId', subregion.$id)];
  const [districts, electoralAreas] = await Promise.all([
    listAll<District & { boundary: string | null }>(request, 'districts', [...inSubregion, Query.select(['name', 'slug', 'kind', 'population', BOUNDARY_FIELD])]),
    tally(request, 'electoral_areas', inSubregion, 'districtId'),
  ]);
  const map = await childrenMap(request, {
    level: 'district',
    scope: inSubregion,
    places: districts.map((district) => ({ id: district.$id, name: district.name, href: districtAreasPath(district.slug, subregion.slug, region.slug), boundary: district.boundary })),
    outline: subregion.boundary,
  });
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
    map,
  };
}
