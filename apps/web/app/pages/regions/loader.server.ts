import { Query } from 'appwrite';
import { countOf, listAll } from '../../lib/directory/query.server';
import type { Region } from '../../lib/directory/types';
import { candidateIndexOrder, countCandidatesOnRecord, tally } from '../area-hierarchy/lookups.server';

export interface RegionSummary {
  name: string;
  slug: string;
  code: string;
  population: number | null;
  subregions: number;
  districts: number;
  electoralAreas: number;
  /** Every election (see countCandidatesOnRecord). */
  candidatesOnRecord: number;
}

export interface RegionsData {
  regions: RegionSummary[];
}

/**
 * Every region with its counts. Sub-regions and districts are few, so one listing each is tallied;
 * electoral areas and candidates (of every election: see countCandidatesOnRecord) are counted per
 * region. Two parallel rounds in all.
 */
export async function loadRegions(request: Request): Promise<RegionsData> {
  const [regions, subregions, districts] = await Promise.all([
    listAll<Region>(request, 'regions', [Query.orderAsc('order'), Query.select(['name', 'slug', 'code', 'population'])]),
    tally(request, 'subregions', [], 'regionId'),
    tally(request, 'districts', [], 'regionId'),
  ]);
  const perRegion = await Promise.all(
    regions.map((region) => {
      const inRegion = [Query.equal('regionId', region.$id)];
      return Promise.all([countOf(request, 'electoral_areas', inRegion), countCandidatesOnRecord(request, inRegion, candidateIndexOrder.region)]);
    }),
  );
  return {
    regions: regions.map((region, index): RegionSummary => {
      const [electoralAreas, candidatesOnRecord] = perRegion[index] ?? [0, 0];
      return {
        name: region.name,
        slug: region.slug,
        code: region.code,
        population: region.population,
        subregions: subregions[region.$id] ?? 0,
        districts: districts[region.$id] ?? 0,
        electoralAreas,
        candidatesOnRecord,
      };
    }),
  };
}
