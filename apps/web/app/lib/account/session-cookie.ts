import { cookiePairs } from '../cookie-header';

/** The API's session cookie: `a_session_<projectId>` (and Appwrite's `_legacy` twin). */
const SESSION_COOKIE_PREFIX = 'a_session_';

/** True when the request carries a session cookie; without one the visitor is a guest for certain. */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  for (const [name, value] of cookiePairs(cookieHeader)) if (name.startsWith(SESSION_COOKIE_PREFIX) && value !== '') return true;
  return false;
}

/**
 * The Cookie header a browser would send after receiving `setCookies`: session cookies set by
 * the API replace (or, when emptied, remove) the ones in `cookieHeader`; other cookies are kept.
 */
export function applySetCookies(cookieHeader: string | null, setCookies: readonly string[]): string | null {
  const jar = cookiePairs(cookieHeader);
  for (const header of setCookies) {
    const [name, value] = [...cookiePairs(header.split(';', 1)[0])][0] ?? [];
    if (name === undefined || value === undefined || !name.startsWith(SESSION_COOKIE_PREFIX)) continue;
    const expired = /;\s*expires=([^;]+)/i.exec(header);
    const gone = value === '' || (expired?.[1] !== undefined && Date.parse(expired[1]) < Date.now());
    if (gone) jar.delete(name);
    else jar.set(name, value);
  }
  const header = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return header === '' ? null : header;
}

/** A Set-Cookie that removes the session cookie, for when the API could not be asked to. */
export function expiredSessionCookie(projectId: string): string {
  return `${SESSION_COOKIE_PREFIX}${projectId}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax`;
}
