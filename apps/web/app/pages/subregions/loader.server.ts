import { Query } from 'appwrite';
import { findBySlug, redirectToCanonical } from '../../lib/directory/canonical.server';
import { listAll } from '../../lib/directory/query.server';
import type { Region, Subregion } from '../../lib/directory/types';
import { buildPath } from '../../lib/urls';
import { byName, tally } from '../area-hierarchy/lookups.server';

export interface SubregionsData {
  region: { name: string; slug: string };
  subregions: { name: string; slug: string; description: string | null; districts: number; electoralAreas: number }[];
}

/** `/Sub-regions-in-{lv1}`: null when no region has that slug; a differently spelled slug redirects. */
export async function loadSubregions(request: Request, params: { region: string }): Promise<SubregionsData | null> {
  const region = await findBySlug<Region>(request, 'regions', params.region, ['name']);
  if (!region) return null;
  redirectToCanonical(request, buildPath('subregionsOfRegion', { region: region.slug }));
  const inRegion = [Query.equal('regionId', region.$id)];
  const [subregions, districts, electoralAreas] = await Promise.all([
    listAll<Subregion>(request, 'subregions', [...inRegion, Query.select(['name', 'slug', 'description'])]),
    tally(request, 'districts', inRegion, 'subregionId'),
    tally(request, 'electoral_areas', inRegion, 'subregionId'),
  ]);
  return {
    region: { name: region.name, slug: region.slug },
    subregions: byName(subregions).map((subregion) => ({
      name: subregion.name,
      slug: subregion.slug,
      description: subregion.description,
      districts: districts[subregion.$id] ?? 0,
      electoralAreas: electoralAreas[subregion.$id] ?? 0,
    })),
  };
}
