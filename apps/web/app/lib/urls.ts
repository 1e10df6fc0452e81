/**
 * Every directory URL of the site, built and parsed from one table of patterns (seed §2), so links
 * and routing cannot drift. Slugs may contain the separator words, so parsing returns every way a
 * path splits; loaders keep the first reading whose entities exist (see resolveFirst).
 */
export const patterns = {
  candidatesOfArea: '/{area}-candidates-of-the-{region}-region',
  region: '/{region}-region',
  subregionsOfRegion: '/Sub-regions-in-{region}',
  areasOfDistrict: '/ElectoralArea-in-{district}',
  candidate: '/candidate/{candidate}-from-{location}',
  districtCandidates: '/districts/{office}-Candidates-of-{district}',
  districtsOfSubregion: '/districts/Districts-in-{subregion}-sub-region-of-{region}',
  areasOfDistrictInSubregion: '/districts/Electoral-Area-in-{district}-in-{subregion}-sub-region-of-{region}',
  /** `{party}` is the party's id (the seed's `{id}`); a party slug there is 301-redirected to the id. */
  party: '/political-parties/{party}',
  /** One race's results: slugs of the election and office, and of the race's place (NATIONAL_LOCATION for a national office). */
  results: '/results/{election}/{office}/{place}',
} as const;

export type PatternName = keyof typeof patterns;
type ParamsOf<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamsOf<Rest> : never;
export type PatternParams<N extends PatternName> = Record<ParamsOf<(typeof patterns)[N]>, string>;

/** One way a path reads as a pattern; over all patterns it is a union discriminated by `name`. */
export type PathReading<N extends PatternName = PatternName> = N extends PatternName ? { name: N; params: PatternParams<N> } : never;

interface CompiledPattern {
  name: PatternName;
  literals: string[];
  params: string[];
}

function compile(name: PatternName, template: string): CompiledPattern {
  const literals: string[] = [];
  const params: string[] = [];
  let rest = template;
  for (;;) {
    const open = rest.indexOf('{');
    if (open === -1) {
      literals.push(rest);
      break;
    }
    const close = rest.indexOf('}', open);
    literals.push(rest.slice(0, open));
    params.push(rest.slice(open + 1, close));
    rest = rest.slice(close + 1);
  }
  return { name, literals, params };
}

const compiled = (Object.entries(patterns) as [PatternName, string][]).map(([name, template]) => compile(name, template));

/** Every assignment of non-empty, slash-free values to the params that reproduces `path` (the first `limit`). */
function splits(path: string, pattern: CompiledPattern, limit: number): Record<string, string>[] {
  const { literals, params } = pattern;
  if (limit <= 0) return [];
  const first = literals[0] as string;
  const last = literals[literals.length - 1] as string;
  if (!path.startsWith(first) || !path.endsWith(last) || path.length < first.length + last.length) return [];
  const body = path.slice(first.length, path.length - last.length);
  const results: Record<string, string>[] = [];
  const walk = (offset: number, index: number, found: Record<string, string>): void => {
    const name = params[index] as string;
    if (index === params.length - 1) {
      const value = body.slice(offset);
      if (value !== '' && !value.includes('/')) results.push({ ...found, [name]: value });
      return;
    }
    const separator = literals[index + 1] as string;
    for (let at = body.indexOf(separator, offset + 1); at !== -1 && results.length < limit; at = body.indexOf(separator, at + 1)) {
      const value = body.slice(offset, at);
      if (value.includes('/')) return;
      walk(at + separator.length, index + 1, { ...found, [name]: value });
    }
  };
  walk(0, 0, {});
  return results;
}

/** False for text that is in no slug and that the API refuses in a query: control characters (NUL…), lone surrogates. */
export function isSlugText(text: string): boolean {
  return text.isWellFormed() && !/[\u0000-\u001f\u007f]/.test(text);
}

/**
 * A URL path as text, percent-escapes decoded; null when it cannot be a page's path (escapes that
 * do not decode as UTF-8, control characters). The one place the site decodes a path.
 */
export function decodePath(pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return isSlugText(path) ? path : null;
}

/**
 * Slugs are at most 160 characters (appwrite.json), so no page path is longer than this; and a
 * path with separator words in every slug has a few readings, not hundreds. Each reading costs
 * the loaders API calls, so a hostile path gets no more than MAX_READINGS of them.
 */
const MAX_PAGE_PATH_LENGTH = 1_000;
const MAX_READINGS = 32;

/** All readings of a path, in table order; an empty list means no pattern fits. */
export function readPath(pathname: string): PathReading[] {
  const path = decodePath(pathname);
  if (path === null || path.length > MAX_PAGE_PATH_LENGTH) return [];
  const readings: PathReading[] = [];
  for (const pattern of compiled) {
    for (const params of splits(path, pattern, MAX_READINGS - readings.length)) readings.push({ name: pattern.name, params } as PathReading);
  }
  return readings;
}

/** Readings of one pattern only (a route that knows which pattern it serves). */
export function readPathAs<N extends PatternName>(name: N, pathname: string): PatternParams<N>[] {
  return readPath(pathname)
    .filter((reading) => reading.name === name)
    .map((reading) => reading.params as PatternParams<N>);
}

/** Builds the URL of a pattern; slugs are percent-encoded where needed. */
export function buildPath<N extends PatternName>(name: N, params: PatternParams<N>): string {
  return (patterns[name] as string).replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = (params as Record<string, string>)[key];
    if (!value) throw new Error(`buildPath(${name}): missing ${key}`);
    return encodeURIComponent(value);
  });
}

/** Tries readings in order; the first whose entities resolve wins. */
export async function resolveFirst<T>(readings: readonly PathReading[], resolve: (reading: PathReading) => Promise<T | null>): Promise<T | null> {
  for (const reading of readings) {
    const result = await resolve(reading);
    if (result !== null) return result;
  }
  return null;
}

/** The {loc} of a candidate URL when the office is national (no area). */
export const NATIONAL_LOCATION = 'national';

/**
 * A candidate's URL. `location` is the slug of the most specific area the candidate stands in
 * (electoral area, else district, else region), or NATIONAL_LOCATION.
 */
export function candidatePath(candidateId: string, location: string): string {
  return buildPath('candidate', { candidate: candidateId, location });
}

/** Static pages, for links in navigation and the footer. */
export const staticPaths = {
  home: '/',
  about: '/About',
  search: '/search',
  contact: '/Contact',
  regions: '/Regions',
  districts: '/Districts',
  parties: '/political-parties',
  calendar: '/eventCalendar',
  privacy: '/PrivacyPolicy',
  terms: '/TermsAndConditions',
  calendarFeed: '/eventCalendar.ics',
  profile: '/activeUserProfile',
  signin: '/signin',
  signup: '/signup',
  recovery: '/recovery',
  verify: '/verify',
  signout: '/signout',
  unsubscribe: '/unsubscribe',
} as const;

/** `path?query` with the empty values left out, so default filters give the plain path. */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface CalendarQuery {
  view?: 'month' | 'list';
  /** YYYY-MM */
  month?: string;
  kind?: string;
  /** A region slug. */
  region?: string;
}

/** The calendar page; `view` is left out when it is the default (month). */
export function calendarPath(query: CalendarQuery = {}): string {
  return withQuery(staticPaths.calendar, { view: query.view === 'list' ? 'list' : undefined, month: query.month, kind: query.kind, region: query.region });
}

/** The whole calendar as an iCalendar feed, with the same filters as the page. */
export function calendarFeedPath(query: Pick<CalendarQuery, 'kind' | 'region'> = {}): string {
  return withQuery(staticPaths.calendarFeed, { kind: query.kind, region: query.region });
}

/** One event as an iCalendar file. */
export function eventIcsPath(eventId: string): string {
  return `/events/${encodeURIComponent(eventId)}.ics`;
}
