/**
 * The site pages an export comes from, for the footer's source link. The patterns are the site's
 * own (apps/web/app/lib/urls.ts, copied because a function reads only its own folder);
 * source-paths.test.ts compares them with the site's.
 */
export const SOURCE_PATTERNS = {
  candidatesOfArea: '/{area}-candidates-of-the-{region}-region',
  region: '/{region}-region',
  districtCandidates: '/districts/{office}-Candidates-of-{district}',
  party: '/political-parties/{party}',
} as const;

/** The site's `{select}` of district candidates that means every office. */
export const ALL_OFFICES = 'All';
export const CALENDAR_LIST_PATH = '/eventCalendar?view=list';
export const CONVERT_TO_PDF_PATH = '/convertToPdf';

export function sourcePath(pattern: keyof typeof SOURCE_PATTERNS, params: Record<string, string>): string {
  return SOURCE_PATTERNS[pattern].replace(/\{(\w+)\}/g, (_match, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** The site's address: BALLOT_SITE_URL, else the API endpoint's origin (the site and the API share a port by default). */
export function siteOrigin(env: Record<string, string | undefined>): string {
  const configured = env['BALLOT_SITE_URL'];
  if (configured) return configured.replace(/\/+$/, '');
  return new URL(env['APPWRITE_FUNCTION_API_ENDPOINT'] ?? 'http://localhost').origin;
}
