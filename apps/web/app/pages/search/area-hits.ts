import { entityPaths } from '../../lib/directory/entity-paths';
import type { District, ElectoralArea, Party, Region, Subregion } from '../../lib/directory/types';
import type { SearchHit } from './types';

type HitOf<T extends SearchHit['type']> = Extract<SearchHit, { type: T }>;

interface Lookups {
  regions: Pick<Region, '$id' | 'name' | 'slug'>[];
  subregions: Pick<Subregion, '$id' | 'name' | 'slug'>[];
  districtNames: Map<string, Pick<District, 'name'>>;
}

interface Found {
  parties: Party[];
  regions: Region[];
  subregions: Subregion[];
  districts: District[];
  areas: ElectoralArea[];
  lookups: Lookups;
}

const present = <T>(value: T | null): value is T => value !== null;

/** Result lines for parties and every area level, linked to their canonical pages. */
export function areaHits({ parties, regions, subregions, districts, areas, lookups }: Found) {
  const regionById = new Map(lookups.regions.map((region) => [region.$id, region]));
  const subregionById = new Map(lookups.subregions.map((subregion) => [subregion.$id, subregion]));
  return {
    parties: parties.map(
      (party): HitOf<'parties'> => ({ type: 'parties', id: party.$id, name: party.name, href: entityPaths.party(party.$id), abbreviation: party.abbreviation, colour: party.colour }),
    ),
    regions: regions.map((region): HitOf<'regions'> => ({ type: 'regions', id: region.$id, name: region.name, href: entityPaths.region(region.slug), code: region.code })),
    subregions: subregions
      .map((subregion): HitOf<'subregions'> | null => {
        const region = regionById.get(subregion.regionId);
        if (!region) return null;
        return { type: 'subregions', id: subregion.$id, name: subregion.name, href: entityPaths.subregion(subregion.slug, region.slug), region: region.name };
      })
      .filter(present),
    districts: districts.map((district): HitOf<'districts'> => {
      const region = regionById.get(district.regionId);
      const subregion = subregionById.get(district.subregionId);
      const href = region && subregion ? entityPaths.district(district.slug, subregion.slug, region.slug) : entityPaths.districtShort(district.slug);
      return { type: 'districts', id: district.$id, name: district.name, href, kind: district.kind, subregion: subregion?.name ?? null, region: region?.name ?? null };
    }),
    electoral_areas: areas
      .map((area): HitOf<'electoral_areas'> | null => {
        const region = regionById.get(area.regionId);
        if (!region) return null;
        return {
          type: 'electoral_areas',
          id: area.$id,
          name: area.name,
          href: entityPaths.electoralArea(area.slug, region.slug),
          kind: area.kind,
          district: lookups.districtNames.get(area.districtId)?.name ?? null,
          region: region.name,
        };
      })
      .filter(present),
  };
}
