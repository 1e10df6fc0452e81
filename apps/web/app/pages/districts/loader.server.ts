import { Query } from 'appwrite';
import { listAll } from '../../lib/directory/query.server';
import type { District, Region, Subregion } from '../../lib/directory/types';
import { byName } from '../area-hierarchy/lookups.server';

export interface DistrictItem {
  name: string;
  slug: string;
  kind: District['kind'];
}

export interface SubregionGroup {
  name: string;
  slug: string;
  districts: DistrictItem[];
}

export interface RegionGroup {
  name: string;
  slug: string;
  subregions: SubregionGroup[];
}

export interface DistrictsData {
  /** The `?q=` filter; the view applies it so the first paint and live typing agree. */
  q: string;
  regions: RegionGroup[];
  total: number;
}

const MAX_QUERY_LENGTH = 100;

/** Every district (a list small by nature), grouped by region and sub-region: three requests. */
export async function loadDistricts(request: Request): Promise<DistrictsData> {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const [regions, subregions, districts] = await Promise.all([
    listAll<Region>(request, 'regions', [Query.orderAsc('order'), Query.select(['name', 'slug'])]),
    listAll<Subregion>(request, 'subregions', [Query.select(['name', 'slug', 'regionId'])]),
    listAll<District>(request, 'districts', [Query.select(['name', 'slug', 'kind', 'subregionId'])]),
  ]);
  const districtsBySubregion = new Map<string, DistrictItem[]>();
  for (const district of byName(districts)) {
    const list = districtsBySubregion.get(district.subregionId) ?? [];
    list.push({ name: district.name, slug: district.slug, kind: district.kind });
    districtsBySubregion.set(district.subregionId, list);
  }
  const groups = regions.map((region) => ({
    name: region.name,
    slug: region.slug,
    subregions: byName(subregions.filter((subregion) => subregion.regionId === region.$id)).map((subregion) => ({
      name: subregion.name,
      slug: subregion.slug,
      districts: districtsBySubregion.get(subregion.$id) ?? [],
    })),
  }));
  return { q, regions: groups, total: districts.length };
}
