import { data } from 'react-router';

/**
 * True when a browser sent this request from another site's page. Browsers send `Origin` with
 * every POST and `Sec-Fetch-Site` with every request; a client that sends neither is not a
 * browser, so it cannot be made to act for a visitor. `Origin: null` (a sandboxed frame, a
 * `data:` page) counts as another site unless the browser says it was this origin.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  if (origin === 'null') return site !== 'same-origin';
  return !URL.canParse(origin) || new URL(origin).host !== new URL(request.url).host;
}

/**
 * The site's forms only accept submissions from its own pages (CSRF). The session cookie is
 * SameSite=Lax, which already keeps other sites from acting as the visitor; this also stops them
 * from signing a visitor in to an account of theirs (login CSRF), posting contact messages in
 * their name, or changing their language. Actions that read a form get this through readForm.
 */
export function assertSameOrigin(request: Request): void {
  if (isCrossSiteRequest(request)) throw data({ message: 'Cross-site form submission refused' }, { status: 403 });
}
