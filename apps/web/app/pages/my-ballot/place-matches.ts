import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { Query } from 'appwrite';
import { byMatchRank, matchesTerms } from '../../lib/search/match';
import type { Suggestion } from '../../lib/search/suggestion';
import { ballotPath, finderPath } from './paths';

/** Reads documents; the browser passes the SDK as the visitor, the server its own list helper. */
export type ListDocuments = (collection: 'regions' | 'districts' | 'electoral_areas', queries: string[]) => Promise<PlaceRow[]>;

export interface PlaceRow {
  $id: string;
  name: string;
  slug: string;
  regionId?: string;
  districtId?: string;
}

/** A place a voter may mean: its ballot (an area) or the next step towards it (a district, a region). */
export type PlaceMatch = Suggestion & { type: 'regions' | 'districts' | 'electoral_areas' };

/** Per kind: an area leads to a ballot, so most room goes to areas. */
const LIMITS = { electoral_areas: 8, districts: 4, regions: 500 } as const;
export const MAX_MATCHES = 10;

/**
 * Electoral areas, districts and regions whose names match `text` in any case or accent (the
 * API's folded full-text search; regions, few, are folded here), exact names first, each with a
 * context line (district · region) and where it leads in My ballot. Two rounds of requests.
 */
export async function matchPlaces(text: string, list: ListDocuments): Promise<PlaceMatch[]> {
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  const named = (collection: 'districts' | 'electoral_areas', fields: string[]) =>
    list(collection, [Query.search('name', text), Query.orderAsc('name'), Query.select(['$id', 'name', 'slug', ...fields]), Query.limit(LIMITS[collection])]);
  const [regions, districts, areas] = await Promise.all([
    list('regions', [Query.select(['$id', 'name', 'slug']), Query.limit(LIMITS.regions)]),
    named('districts', ['regionId']),
    named('electoral_areas', ['regionId', 'districtId']),
  ]);
  const knownDistricts = new Map(districts.map((district) => [district.$id, district]));
  const missing = [...new Set(areas.map((area) => area.districtId).filter((id): id is string => Boolean(id) && !knownDistricts.has(id!)))];
  if (missing.length > 0) {
    for (const district of await list('districts', [Query.equal('$id', missing), Query.select(['$id', 'name', 'slug']), Query.limit(missing.length)])) knownDistricts.set(district.$id, district);
  }
  const regionName = new Map(regions.map((region) => [region.$id, region.name]));
  const context = (...names: (string | undefined)[]): string | null => names.filter(Boolean).join(' · ') || null;
  const matches: PlaceMatch[] = [
    ...areas.map((area): PlaceMatch => ({
      type: 'electoral_areas', id: area.$id, label: area.name, href: ballotPath(area.slug),
      detail: context(area.districtId ? knownDistricts.get(area.districtId)?.name : undefined, area.regionId ? regionName.get(area.regionId) : undefined),
    })),
    ...districts.map((district): PlaceMatch => ({
      type: 'districts', id: district.$id, label: district.name, href: finderPath({ district: district.slug }),
      detail: context(district.regionId ? regionName.get(district.regionId) : undefined),
    })),
    ...regions
      .filter((region) => matchesTerms(region.name, terms))
      .map((region): PlaceMatch => ({ type: 'regions', id: region.$id, label: region.name, href: finderPath({ region: region.slug }), detail: null })),
  ];
  return byMatchRank(matches, terms, (match) => match.label).slice(0, MAX_MATCHES);
}
