/**
 * Finds one real URL for every pattern page of seed §2 the way a visitor would: by following
 * links from the list pages (server-rendered HTML, fetched without a browser). A pattern that no
 * page links to gets a URL built from the API's data (operator key) so its page is still tested;
 * the route test then reports the missing link separately.
 */
import { buildPath, readPath, type PathReading, type PatternName } from '../../../apps/web/app/lib/urls.ts';
import { OperatorApi, q, type ApiDocument, type ApiTarget } from './api.ts';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

export const PATTERN_NAMES: readonly PatternName[] = [
  'region', 'subregionsOfRegion', 'districtsOfSubregion', 'areasOfDistrict', 'areasOfDistrictInSubregion',
  'districtCandidates', 'candidatesOfArea', 'candidate', 'party',
];

/** Where link discovery starts. */
export const START_PAGES = ['/', '/Regions', '/Districts', '/political-parties', '/eventCalendar'] as const;

export interface DiscoveredPage {
  kind: PatternName;
  url: string;
  /** 'link': some page links to it; 'api': built from the API because no crawled page linked one. */
  source: 'link' | 'api';
  /** The page it was linked from. */
  from?: string;
  /** Names of the entity the page is about (any one must be shown in its heading). */
  expect: string[];
}

export interface Discovery {
  pages: DiscoveredPage[];
  /** Pages fetched while crawling and their statuses, for diagnostics. */
  fetched: Record<string, number>;
  notes: string[];
}

const str = (document: ApiDocument | null, key: string): string => String(document?.[key] ?? '');

async function byIdOrSlug(api: OperatorApi, collection: string, ref: string): Promise<ApiDocument | null> {
  return /^[A-Za-z0-9][A-Za-z0-9._]{0,35}$/.test(ref) ? ((await api.get(collection, ref)) ?? (await api.bySlug(collection, ref))) : api.bySlug(collection, ref);
}

/** The entity names a reading stands for, or null when its entities do not exist (as the site's loaders decide). */
export async function resolveReading(api: OperatorApi, reading: PathReading): Promise<string[] | null> {
  const p = reading.params as Record<string, string>;
  switch (reading.name) {
    case 'region':
    case 'subregionsOfRegion': {
      const region = await api.bySlug('regions', p['region']!);
      return region ? [str(region, 'name')] : null;
    }
    case 'districtsOfSubregion': {
      const [sub, region] = await Promise.all([api.bySlug('subregions', p['subregion']!), api.bySlug('regions', p['region']!)]);
      return sub && region && sub['regionId'] === region.$id ? [str(sub, 'name')] : null;
    }
    case 'areasOfDistrict': {
      const district = await api.bySlug('districts', p['district']!);
      return district ? [str(district, 'name')] : null;
    }
    case 'areasOfDistrictInSubregion': {
      const [district, sub, region] = await Promise.all([
        api.bySlug('districts', p['district']!), api.bySlug('subregions', p['subregion']!), api.bySlug('regions', p['region']!),
      ]);
      return district && sub && region && district['subregionId'] === sub.$id && sub['regionId'] === region.$id ? [str(district, 'name')] : null;
    }
    case 'districtCandidates': {
      const district = await api.bySlug('districts', p['district']!);
      const office = p['office'] === 'All' || p['office']?.toLowerCase() === 'all' ? true : await api.bySlug('offices', p['office']!);
      return district && office ? [str(district, 'name')] : null;
    }
    case 'candidatesOfArea': {
      const [area, region] = await Promise.all([api.bySlug('electoral_areas', p['area']!), api.bySlug('regions', p['region']!)]);
      return area && region && area['regionId'] === region.$id ? [str(area, 'name')] : null;
    }
    case 'candidate': {
      const candidate = await byIdOrSlug(api, 'candidates', p['candidate']!);
      return candidate ? [str(candidate, 'name')] : null;
    }
    case 'party': {
      const party = await byIdOrSlug(api, 'parties', p['party']!);
      return party ? [str(party, 'name'), str(party, 'abbreviation')].filter(Boolean) : null;
    }    case 'results': {
      const [election, office] = await Promise.all([api.bySlug('elections', p['election']!), api.bySlug('offices', p['office']!)]);
      const level = str(office, 'level');
      const collection = ({ region: 'regions', district: 'districts', electoral_area: 'electoral_areas' } as Record<string, string>)[level];
      const placeFound = level === 'national' ? p['place'] === 'national' : collection ? Boolean(await api.bySlug(collection, p['place']!)) : false;
      return election && office && placeFound ? [str(office, 'name')] : null;
    }
  }
}

/** Internal page paths linked from an HTML document (no query, no fragment, no assets). */
export function linksIn(html: string, base: string): string[] {
  const paths = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref="([^"]*)"/g)) {
    const href = match[1]!.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if (url.origin !== new URL(base).origin || url.pathname.startsWith('/v1/') || /\.\w{2,4}$/.test(url.pathname)) continue;
    paths.add(url.pathname);
  }
  return [...paths];
}

/** One example URL per pattern, built from the API's data (the first region down to one candidate). */
async function examplesFromApi(api: OperatorApi): Promise<Partial<Record<PatternName, { url: string; expect: string[] }>>> {
  const region = await api.first('regions', [q.orderAsc('order')]);
  if (!region) return {};
  const sub = await api.first('subregions', [q.equal('regionId', region.$id)]);
  const district = sub && (await api.first('districts', [q.equal('subregionId', sub.$id)]));
  const area = district && (await api.first('electoral_areas', [q.equal('districtId', district.$id)]));
  const candidate = area && (await api.first('candidates', [q.equal('electoralAreaId', area.$id)]));
  const party = await api.first('parties');
  const slug = (document: ApiDocument | null | undefined): string => str(document ?? null, 'slug');
  const examples: Partial<Record<PatternName, { url: string; expect: string[] }>> = {
    region: { url: buildPath('region', { region: slug(region) }), expect: [str(region, 'name')] },
    subregionsOfRegion: { url: buildPath('subregionsOfRegion', { region: slug(region) }), expect: [str(region, 'name')] },
  };
  if (sub) examples.districtsOfSubregion = { url: buildPath('districtsOfSubregion', { subregion: slug(sub), region: slug(region) }), expect: [str(sub, 'name')] };
  if (district) {
    examples.areasOfDistrict = { url: buildPath('areasOfDistrict', { district: slug(district) }), expect: [str(district, 'name')] };
    examples.districtCandidates = { url: buildPath('districtCandidates', { office: 'All', district: slug(district) }), expect: [str(district, 'name')] };
    if (sub) {
      examples.areasOfDistrictInSubregion = {
        url: buildPath('areasOfDistrictInSubregion', { district: slug(district), subregion: slug(sub), region: slug(region) }),
        expect: [str(district, 'name')],
      };
    }
  }
  if (area) examples.candidatesOfArea = { url: buildPath('candidatesOfArea', { area: slug(area), region: slug(region) }), expect: [str(area, 'name')] };
  if (candidate && area) examples.candidate = { url: buildPath('candidate', { candidate: candidate.$id, location: slug(area) }), expect: [str(candidate, 'name')] };
  if (party) examples.party = { url: buildPath('party', { party: party.$id }), expect: [str(party, 'name')] };
  return examples;
}

/** Crawls from START_PAGES until every pattern has a linked example (or nothing new turns up). */
export async function discover(target: ApiTarget, maxFetches = 80): Promise<Discovery> {
  const api = new OperatorApi(target);
  const fetched: Record<string, number> = {};
  const notes: string[] = [];
  const found = new Map<PatternName, DiscoveredPage>();
  const candidates = new Map<PatternName, { url: string; from: string }[]>();
  const seen = new Set<string>();
  const queue: string[] = [...START_PAGES];
  const visitedKinds = new Set<PatternName>();

  const classify = async (path: string, from: string): Promise<void> => {
    if (seen.has(path)) return;
    seen.add(path);
    const readings = readPath(path);
    if (readings.length === 0) return;
    // Cheap pre-filter: the first reading's kind (table order); confirmed with the API below.
    const kind = readings[0]!.name;
    const list = candidates.get(kind) ?? [];
    list.push({ url: path, from });
    candidates.set(kind, list);
  };

  const fetchPage = async (path: string): Promise<void> => {
    try {
      // A desktop user agent: Node's own counts as a bot, and bots get bare error responses.
      const response = await fetch(new URL(path, target.url), { redirect: 'follow', headers: { 'user-agent': DESKTOP_UA } });
      fetched[path] = response.status;
      if (!response.ok) return;
      const html = await response.text();
      for (const link of linksIn(html, target.url)) await classify(link, path);
    } catch (error) {
      fetched[path] = 0;
      notes.push(`fetch ${path}: ${String(error)}`);
    }
  };

  for (const path of queue) await fetchPage(path);
  let fetches = queue.length;
  // Visit one unvisited example per kind, resolving it with the API; repeat while new kinds appear.
  for (let progress = true; progress && fetches < maxFetches; ) {
    progress = false;
    for (const kind of PATTERN_NAMES) {
      if (found.has(kind) && visitedKinds.has(kind)) continue;
      for (const candidate of (candidates.get(kind) ?? []).slice(0, 10)) {
        if (found.has(kind) && visitedKinds.has(kind)) break;
        const readings = readPath(candidate.url);
        let expect: string[] | null = null;
        let intended: PathReading | undefined;
        for (const reading of readings) {
          expect = await resolveReading(api, reading);
          if (expect) {
            intended = reading;
            break;
          }
        }
        if (!intended || !expect) {
          notes.push(`link ${candidate.url} (on ${candidate.from}) names no existing entity`);
          continue;
        }
        if (!found.has(intended.name)) found.set(intended.name, { kind: intended.name, url: candidate.url, source: 'link', from: candidate.from, expect });
        if (!visitedKinds.has(intended.name) && fetches < maxFetches) {
          visitedKinds.add(intended.name);
          await fetchPage(candidate.url);
          fetches++;
          progress = true;
        }
      }
    }
  }

  const pages: DiscoveredPage[] = [];
  let examples: Awaited<ReturnType<typeof examplesFromApi>> | undefined;
  for (const kind of PATTERN_NAMES) {
    const page = found.get(kind);
    if (page) {
      pages.push(page);
      continue;
    }
    examples ??= await examplesFromApi(api).catch((error: unknown) => {
      notes.push(`building URLs from the API failed: ${String(error)}`);
      return {};
    });
    const built = examples[kind];
    if (built) pages.push({ kind, url: built.url, source: 'api', expect: built.expect });
    else notes.push(`no ${kind} page found by links or the API`);
  }
  return { pages, fetched, notes };
}
