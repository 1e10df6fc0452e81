/** The API's session cookie: `a_session_<projectId>` (and Appwrite's `_legacy` twin). */
const SESSION_COOKIE_PREFIX = 'a_session_';

function cookieName(pair: string): string {
  return pair.slice(0, Math.max(0, pair.indexOf('='))).trim();
}

/** True when the request carries a session cookie; without one the visitor is a guest for certain. */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const name = cookieName(pair);
    return name.startsWith(SESSION_COOKIE_PREFIX) && pair.slice(pair.indexOf('=') + 1).trim() !== '';
  });
}

/**
 * The Cookie header a browser would send after receiving `setCookies`: session cookies set by
 * the API replace (or, when emptied, remove) the ones in `cookieHeader`; other cookies are kept.
 */
export function applySetCookies(cookieHeader: string | null, setCookies: readonly string[]): string | null {
  const jar = new Map<string, string>();
  for (const pair of (cookieHeader ?? '').split(';')) {
    const name = cookieName(pair);
    if (name) jar.set(name, pair.trim());
  }
  for (const header of setCookies) {
    const pair = header.split(';', 1)[0] ?? '';
    const name = cookieName(pair);
    if (!name.startsWith(SESSION_COOKIE_PREFIX)) continue;
    const expired = /;\s*expires=([^;]+)/i.exec(header);
    const gone = pair.slice(pair.indexOf('=') + 1).trim() === '' || (expired?.[1] !== undefined && Date.parse(expired[1]) < Date.now());
    if (gone) jar.delete(name);
    else jar.set(name, pair.trim());
  }
  const header = [...jar.values()].join('; ');
  return header === '' ? null : header;
}

/** A Set-Cookie that removes the session cookie, for when the API could not be asked to. */
export function expiredSessionCookie(projectId: string): string {
  return `${SESSION_COOKIE_PREFIX}${projectId}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax`;
}
