import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { Query, type Databases, type Models } from 'appwrite';
import { browserDatabases } from '../appwrite.client';
import { entityPaths } from '../directory/entity-paths';
import { candidatePath, NATIONAL_LOCATION } from '../urls';
import { byMatchRank, matchesTerms, matchRank } from './match';
import type { Suggestion } from './suggestion';

type Row = Models.Document & Record<string, unknown> & { name: string };
type Place = Row & { slug: string };

const DATABASE_ID = 'main';
/** Shown per kind; more candidates are fetched so exact names can rise above alphabetical ones. */
const SHOWN = { candidates: 4, parties: 2, places: 4 } as const;
const FETCHED = { candidates: 12, places: 4 } as const;
/** A single letter matches a large share of a big directory; it only searches the lists in hand. */
const MIN_REMOTE_LETTERS = 2;

/**
 * Matches come in directory order, which the server reads straight from its full-text index and
 * stops after `limit`; asking it for name order would make it sort every match first (tens of
 * thousands for "ka" on a national directory) on each keystroke. The few fetched are put in name
 * order here, and byMatchRank then lifts exact names above them.
 */
const alphabetical = <T extends Row>(rows: T[]): T[] => rows.sort((a, b) => a.name.localeCompare(b.name));

async function list<T extends Row>(databases: Databases, collectionId: string, queries: string[]): Promise<T[]> {
  const result = await databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries, total: false });
  return result.documents as unknown as T[];
}

const small = new Map<string, Promise<Row[]>>();

/** Regions and parties are few and stable during a visit: fetched once, then matched here. */
function smallList<T extends Row>(projectId: string, collectionId: 'regions' | 'parties', fields: string[]): Promise<T[]> {
  const key = `${projectId}:${collectionId}`;
  let rows = small.get(key);
  if (!rows) {
    rows = list<Row>(browserDatabases(projectId, new AbortController().signal), collectionId, [Query.select(['$id', 'name', ...fields]), Query.limit(500)]);
    rows.catch(() => small.delete(key));
    small.set(key, rows);
  }
  return rows as Promise<T[]>;
}

function byIds(databases: Databases, collectionId: string, ids: unknown[]): Promise<Map<string, Place>> {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (unique.length === 0) return Promise.resolve(new Map());
  return list<Place>(databases, collectionId, [Query.equal('$id', unique), Query.select(['$id', 'name', 'slug']), Query.limit(unique.length)]).then(
    (rows) => new Map(rows.map((row) => [row.$id, row])),
  );
}

/**
 * A few candidates, parties and places whose names match what was typed, each with its page, in
 * two rounds of parallel requests; `signal` cancels them when the text changes. Exact names come
 * first, so "Bo" offers the region Bo before candidates named Boateng.
 */
export async function fetchSuggestions(text: string, projectId: string, signal: AbortSignal): Promise<Suggestion[]> {
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  const databases = browserDatabases(projectId, signal);
  const remote = terms.join('').length >= MIN_REMOTE_LETTERS;
  const matching = <T extends Row>(collectionId: string, limit: number, fields: string[]): Promise<T[]> =>
    remote ? list<T>(databases, collectionId, [Query.search('name', text), Query.select(['$id', 'name', ...fields]), Query.limit(limit)]).then(alphabetical) : Promise.resolve([]);
  const [regions, parties, found, subregions, districts, areas] = await Promise.all([
    smallList<Place>(projectId, 'regions', ['slug']),
    smallList<Row>(projectId, 'parties', ['abbreviation']),
    matching<Row>('candidates', FETCHED.candidates, ['electoralAreaId', 'districtId', 'regionId']),
    matching<Place>('subregions', FETCHED.places, ['slug', 'regionId']),
    matching<Place>('districts', FETCHED.places, ['slug', 'regionId']),
    matching<Place>('electoral_areas', FETCHED.places, ['slug', 'regionId']),
  ]);
  const candidates = byMatchRank(found, terms, (row) => row.name).slice(0, SHOWN.candidates);
  const [areaPlaces, districtPlaces] = await Promise.all([
    byIds(databases, 'electoral_areas', candidates.map((candidate) => candidate.electoralAreaId)),
    byIds(databases, 'districts', candidates.filter((candidate) => !candidate.electoralAreaId).map((candidate) => candidate.districtId)),
  ]);
  const regionById = new Map(regions.map((region) => [region.$id, region]));
  const placeOf = (row: Row): Place | undefined =>
    areaPlaces.get(row.electoralAreaId as string) ?? districtPlaces.get(row.districtId as string) ?? regionById.get(row.regionId as string);
  const regionName = (row: Row): string | null => regionById.get(row.regionId as string)?.name ?? null;
  const regionSlug = (row: Row): string | undefined => regionById.get(row.regionId as string)?.slug;

  const places: Suggestion[] = [
    ...regions.filter((region) => matchesTerms(region.name, terms)).map((region): Suggestion => ({ type: 'regions', id: region.$id, label: region.name, detail: null, href: entityPaths.region(region.slug) })),
    ...subregions.flatMap((row): Suggestion[] => {
      const region = regionSlug(row);
      return region ? [{ type: 'subregions', id: row.$id, label: row.name, detail: regionName(row), href: entityPaths.subregion(row.slug, region) }] : [];
    }),
    ...districts.map((row): Suggestion => ({ type: 'districts', id: row.$id, label: row.name, detail: regionName(row), href: entityPaths.districtShort(row.slug) })),
    ...areas.flatMap((row): Suggestion[] => {
      const region = regionSlug(row);
      return region ? [{ type: 'electoral_areas', id: row.$id, label: row.name, detail: regionName(row), href: entityPaths.electoralArea(row.slug, region) }] : [];
    }),
  ];
  const abbreviation = (party: Row): string => (typeof party.abbreviation === 'string' ? party.abbreviation : '');
  const suggestions: Suggestion[] = [
    ...candidates.map((candidate): Suggestion => {
      const place = placeOf(candidate);
      return { type: 'candidates', id: candidate.$id, label: candidate.name, detail: place?.name ?? null, href: candidatePath(candidate.$id, place?.slug ?? NATIONAL_LOCATION) };
    }),
    ...parties
      .filter((party) => matchesTerms(party.name, terms) || matchesTerms(abbreviation(party), terms))
      .slice(0, SHOWN.parties)
      .map((party): Suggestion => ({ type: 'parties', id: party.$id, label: party.name, detail: abbreviation(party) || null, href: entityPaths.party(party.$id) })),
    ...byMatchRank(places, terms, (place) => place.label).slice(0, SHOWN.places),
  ];
  // Exact names lead whatever their kind; otherwise candidates, then parties, then places.
  return [...suggestions.filter((item) => matchRank(item.label, terms) === 0), ...suggestions.filter((item) => matchRank(item.label, terms) !== 0)];
}
