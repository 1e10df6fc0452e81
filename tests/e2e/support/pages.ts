/** The pages every cross-cutting check visits: the static pages, one real page per URL pattern, and both 404 kinds. */
import { e2e, api } from './browser.ts';
import { candidatePath, NATIONAL_LOCATION } from '../../../apps/web/app/lib/urls.ts';
import { q, type ApiDocument } from './api.ts';

export interface SitePage {
  /** Short label for reports and screenshot names. */
  name: string;
  path: string;
  /** The HTTP status the page must answer with. */
  status: number;
}

/** A search that has results: the full name of the first candidate. */
export async function searchTerm(): Promise<string> {
  const candidate = await api().first('candidates', [q.orderAsc('name')]);
  if (!candidate) throw new Error('the demo data has no candidates');
  return String(candidate['name']);
}

export const STATIC_PAGES: readonly SitePage[] = [
  { name: 'home', path: '/', status: 200 },
  { name: 'about', path: '/About', status: 200 },
  { name: 'privacy', path: '/PrivacyPolicy', status: 200 },
  { name: 'terms', path: '/TermsAndConditions', status: 200 },
  { name: 'contact', path: '/Contact', status: 200 },
  { name: 'regions', path: '/Regions', status: 200 },
  { name: 'districts', path: '/Districts', status: 200 },
  { name: 'parties', path: '/political-parties', status: 200 },
  { name: 'calendar', path: '/eventCalendar', status: 200 },
  { name: 'my-ballot', path: '/my-ballot', status: 200 },
];

/** The account pages as a guest sees them (`/activeUserProfile` redirects to `/signin`). */
export const ACCOUNT_PAGES: readonly SitePage[] = [
  { name: 'signin', path: '/signin', status: 200 },
  { name: 'signup', path: '/signup', status: 200 },
  { name: 'recovery', path: '/recovery', status: 200 },
  { name: 'verify', path: '/verify', status: 200 },
  { name: 'profile-signed-out', path: '/activeUserProfile', status: 200 },
];

export const ERROR_PAGES: readonly SitePage[] = [
  { name: 'not-found', path: '/this/does-not-exist', status: 404 },
  { name: 'error-page', path: '/nowhere-region', status: 404 },
];

/** The canonical path of a candidate's page, from the most specific area they stand in. */
export async function candidatePagePath(candidate: ApiDocument): Promise<string> {
  const place = (
    await Promise.all([
      candidate['electoralAreaId'] ? api().get('electoral_areas', String(candidate['electoralAreaId'])) : null,
      candidate['districtId'] ? api().get('districts', String(candidate['districtId'])) : null,
      candidate['regionId'] ? api().get('regions', String(candidate['regionId'])) : null,
    ])
  ).find(Boolean);
  return candidatePath(candidate.$id, place ? String(place['slug']) : NATIONAL_LOCATION);
}

/** A candidate of the demo data with a photo (most have only initials, like the discovered one may). */
export async function candidateWithPhoto(): Promise<ApiDocument> {
  const candidate = await api().first('candidates', [q.notEqual('photoFileId', ''), q.notEqual('partyId', ''), q.orderAsc('$id')]);
  if (!candidate) throw new Error('the demo data has no candidate with a photo');
  return candidate;
}

/** Static pages, a search with results, one discovered page per pattern, a candidate with a photo, the account pages, then the two 404 pages. */
export async function allPages(): Promise<SitePage[]> {
  const term = await searchTerm();
  const patternPages = e2e().discovery.pages.map((page) => ({ name: page.kind, path: page.url, status: 200 }));
  const withPhoto = { name: 'candidate-with-photo', path: await candidatePagePath(await candidateWithPhoto()), status: 200 };
  return [...STATIC_PAGES, { name: 'search', path: `/search?q=${encodeURIComponent(term)}`, status: 200 }, ...patternPages, withPhoto, ...ACCOUNT_PAGES, ...ERROR_PAGES];
}
