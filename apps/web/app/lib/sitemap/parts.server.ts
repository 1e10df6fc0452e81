import { Query } from 'appwrite';
import { ALL_OFFICES } from '../../pages/district-candidates/constants';
import { DATABASE_ID, serverDatabases } from '../appwrite.server';
import { entityPaths } from '../directory/entity-paths';
import { listAll, type CollectionId } from '../directory/query.server';
import { buildPath, candidatePath, NATIONAL_LOCATION, staticPaths } from '../urls';
import { MAX_URLS_PER_SITEMAP, type SitemapEntry } from './xml';

type Row = { $id: string; $updatedAt: string } & Record<string, string | null | undefined>;
type Slugs = Map<string, string>;

/** Pages without parameters that are worth indexing (search results and forms are not). */
const STATIC_PAGES = [
  staticPaths.home, staticPaths.about, staticPaths.privacy, staticPaths.terms, staticPaths.contact,
  staticPaths.regions, staticPaths.districts, staticPaths.parties, staticPaths.calendar,
];

const PAGE_SIZE = 5000;

async function slugsOf(request: Request, collection: CollectionId, extra: string[] = []): Promise<{ slugs: Slugs; rows: Row[] }> {
  const rows = await listAll<Row>(request, collection, [Query.select(['$id', 'slug', ...extra])], PAGE_SIZE);
  return { slugs: new Map(rows.map((row) => [row.$id, row.slug as string])), rows };
}

/**
 * Collections that can grow large are cut into numbered parts by `$sequence` (insertion order), so
 * a part is found without counting and read as one keyset scan. `urlsPerRecord` keeps parts within
 * the protocol's 50,000 URLs.
 */
interface RangedKind {
  collection: CollectionId;
  fields: string[];
  urlsPerRecord: number;
  /** Loads the lookups a part needs, then maps each record to its paths. */
  paths: (request: Request) => Promise<(row: Row) => string[]>;
}

export const RANGED_KINDS = {
  districts: {
    collection: 'districts',
    fields: ['slug', 'subregionId', 'regionId'],
    urlsPerRecord: 2,
    paths: async (request) => {
      const [regions, subregions] = await Promise.all([slugsOf(request, 'regions'), slugsOf(request, 'subregions')]);
      return (row) => {
        const slug = row['slug'] as string;
        const region = regions.slugs.get(row['regionId'] ?? '');
        const subregion = subregions.slugs.get(row['subregionId'] ?? '');
        const page = region && subregion ? entityPaths.district(slug, subregion, region) : entityPaths.districtShort(slug);
        return [page, buildPath('districtCandidates', { office: ALL_OFFICES, district: slug })];
      };
    },
  },
  'electoral-areas': {
    collection: 'electoral_areas',
    fields: ['slug', 'regionId'],
    urlsPerRecord: 1,
    paths: async (request) => {
      const regions = await slugsOf(request, 'regions');
      return (row) => {
        const region = regions.slugs.get(row['regionId'] ?? '');
        return region ? [entityPaths.electoralArea(row['slug'] as string, region)] : [];
      };
    },
  },
  candidates: {
    collection: 'candidates',
    fields: ['electoralAreaId', 'districtId', 'regionId'],
    urlsPerRecord: 1,
    paths: async (request) => {
      const [areas, districts, regions] = await Promise.all([slugsOf(request, 'electoral_areas'), slugsOf(request, 'districts'), slugsOf(request, 'regions')]);
      // The candidate's most specific area, as in every other candidate link (candidates.server).
      return (row) => {
        const location = row['electoralAreaId'] ? areas.slugs.get(row['electoralAreaId']) : row['districtId'] ? districts.slugs.get(row['districtId']) : row['regionId'] ? regions.slugs.get(row['regionId']) : NATIONAL_LOCATION;
        return location ? [candidatePath(row.$id, location)] : [];
      };
    },
  },
} satisfies Record<string, RangedKind>;

export type RangedKindName = keyof typeof RANGED_KINDS;

export function recordsPerPart(kind: RangedKindName): number {
  return Math.floor(MAX_URLS_PER_SITEMAP / RANGED_KINDS[kind].urlsPerRecord);
}

function unpagedList(request: Request, collection: CollectionId, queries: string[]): Promise<Row[]> {
  return serverDatabases(request)
    .listDocuments({ databaseId: DATABASE_ID, collectionId: collection, queries, total: false })
    .then((result) => result.documents as unknown as Row[]);
}

/** How many parts a kind has now: the highest `$sequence` divided by the part size. */
export async function partCount(request: Request, kind: RangedKindName): Promise<number> {
  const [last] = await unpagedList(request, RANGED_KINDS[kind].collection, [Query.orderDesc('$sequence'), Query.select(['$id']), Query.limit(1)]);
  return last ? Math.ceil(Number(last['$sequence']) / recordsPerPart(kind)) : 0;
}

/** The URLs of part `number` (from 1): records with `$sequence` in its range, read page by page with a cursor. */
export async function rangedPartEntries(request: Request, kind: RangedKindName, number: number, absolute: (path: string) => string): Promise<SitemapEntry[]> {
  const spec: RangedKind = RANGED_KINDS[kind];
  const size = recordsPerPart(kind);
  const range = [Query.greaterThan('$sequence', (number - 1) * size), Query.lessThanEqual('$sequence', number * size)];
  const paths = await spec.paths(request);
  const entries: SitemapEntry[] = [];
  let cursor: string | null = null;
  for (;;) {
    const rows = await unpagedList(request, spec.collection, [...range, Query.select(['$id', ...spec.fields]), Query.limit(PAGE_SIZE), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
    for (const row of rows) for (const path of paths(row)) entries.push({ loc: absolute(path), lastmod: row.$updatedAt });
    if (rows.length < PAGE_SIZE) return entries;
    cursor = (rows[rows.length - 1] as Row).$id;
  }
}

/** The static pages, regions (and their sub-region lists), sub-regions and parties: small by nature. */
export async function pagesPartEntries(request: Request, absolute: (path: string) => string): Promise<SitemapEntry[]> {
  const [regions, subregions, parties] = await Promise.all([
    listAll<Row>(request, 'regions', [Query.select(['$id', 'slug'])], PAGE_SIZE),
    listAll<Row>(request, 'subregions', [Query.select(['$id', 'slug', 'regionId'])], PAGE_SIZE),
    listAll<Row>(request, 'parties', [Query.select(['$id'])], PAGE_SIZE),
  ]);
  const regionSlugs = new Map(regions.map((region) => [region.$id, region['slug'] as string]));
  const entry = (path: string, lastmod?: string): SitemapEntry => ({ loc: absolute(path), lastmod: lastmod ?? null });
  return [
    ...STATIC_PAGES.map((path) => entry(path)),
    ...regions.flatMap((region) => [entry(entityPaths.region(region['slug'] as string), region.$updatedAt), entry(entityPaths.subregionsOfRegion(region['slug'] as string), region.$updatedAt)]),
    ...subregions.flatMap((subregion) => {
      const region = regionSlugs.get(subregion['regionId'] ?? '');
      return region ? [entry(entityPaths.subregion(subregion['slug'] as string, region), subregion.$updatedAt)] : [];
    }),
    ...parties.map((party) => entry(entityPaths.party(party.$id), party.$updatedAt)),
  ];
}
