import { Query } from 'appwrite';
import { monthKey, monthOf } from '../../pages/calendar/dates';
import { contentPath } from '../../pages/content/slugs';
import { ALL_OFFICES } from '../../pages/district-candidates/constants';
import { DATABASE_ID, serverDatabases } from '../appwrite.server';
import { entityPaths } from '../directory/entity-paths';
import { listAll, type CollectionId } from '../directory/query.server';
import { buildPath, calendarPath, candidatePath, NATIONAL_LOCATION, staticPaths } from '../urls';
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

type Absolute = (path: string) => string;

/** The newest of some W3C datetimes (ISO 8601 in UTC sorts as text); null when there are none. */
export function newest(dates: readonly (string | null | undefined)[]): string | null {
  return dates.reduce<string | null>((latest, date) => (date && (!latest || date > latest) ? date : latest), null);
}

/** One calendar month page per month that has events, dated by its most recently changed event. */
export function calendarMonthEntries(events: readonly { $updatedAt: string; start?: string | null }[], absolute: Absolute): SitemapEntry[] {
  const months = new Map<string, string[]>();
  for (const event of events) {
    if (!event.start || Number.isNaN(Date.parse(event.start))) continue;
    const month = monthKey(monthOf(event.start));
    months.set(month, [...(months.get(month) ?? []), event.$updatedAt]);
  }
  return [...months.keys()].sort().map((month) => ({ loc: absolute(calendarPath({ month })), lastmod: newest(months.get(month) ?? []) }));
}

/** The content pages (About, Privacy Policy, Terms), dated by the newest of their translations. */
export function contentPageEntries(pages: readonly { $updatedAt: string; slug?: string | null }[], absolute: Absolute): SitemapEntry[] {
  const slugs = [...new Set(pages.map((page) => page.slug).filter((slug): slug is string => Boolean(slug)))];
  return slugs.map((slug) => ({ loc: absolute(contentPath(slug)), lastmod: newest(pages.filter((page) => page.slug === slug).map((page) => page.$updatedAt)) }));
}

/**
 * Parts small by nature, one per type, each a single file: the static pages, the regions (with
 * their sub-region and district lists), the parties and the election calendar's months.
 */
export const SMALL_PARTS = {
  async pages(request: Request, absolute: Absolute): Promise<SitemapEntry[]> {
    const pages = await listAll<Row>(request, 'pages', [Query.select(['$id', 'slug'])], PAGE_SIZE);
    const content = contentPageEntries(pages, absolute);
    const listed = new Set(content.map((entry) => entry.loc));
    return [...STATIC_PAGES.map((path) => ({ loc: absolute(path), lastmod: null })).filter((entry) => !listed.has(entry.loc)), ...content];
  },
  async regions(request: Request, absolute: Absolute): Promise<SitemapEntry[]> {
    const [regions, subregions] = await Promise.all([
      listAll<Row>(request, 'regions', [Query.select(['$id', 'slug'])], PAGE_SIZE),
      listAll<Row>(request, 'subregions', [Query.select(['$id', 'slug', 'regionId'])], PAGE_SIZE),
    ]);
    const regionSlugs = new Map(regions.map((region) => [region.$id, region['slug'] as string]));
    const entry = (path: string, lastmod: string): SitemapEntry => ({ loc: absolute(path), lastmod });
    return [
      ...regions.flatMap((region) => [entry(entityPaths.region(region['slug'] as string), region.$updatedAt), entry(entityPaths.subregionsOfRegion(region['slug'] as string), region.$updatedAt)]),
      ...subregions.flatMap((subregion) => {
        const region = regionSlugs.get(subregion['regionId'] ?? '');
        return region ? [entry(entityPaths.subregion(subregion['slug'] as string, region), subregion.$updatedAt)] : [];
      }),
    ];
  },
  async parties(request: Request, absolute: Absolute): Promise<SitemapEntry[]> {
    const parties = await listAll<Row>(request, 'parties', [Query.select(['$id'])], PAGE_SIZE);
    return parties.map((party) => ({ loc: absolute(entityPaths.party(party.$id)), lastmod: party.$updatedAt }));
  },
  async events(request: Request, absolute: Absolute): Promise<SitemapEntry[]> {
    return calendarMonthEntries(await listAll<Row>(request, 'events', [Query.select(['$id', 'start'])], PAGE_SIZE), absolute);
  },
} satisfies Record<string, (request: Request, absolute: Absolute) => Promise<SitemapEntry[]>>;

export type SmallPartName = keyof typeof SMALL_PARTS;
