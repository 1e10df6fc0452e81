import { data } from 'react-router';

/**
 * Account forms only accept submissions from this site's own pages. The session cookie is
 * SameSite=Lax, which already keeps other sites from acting as the visitor; this also stops them
 * from signing a visitor in to an account of theirs (login CSRF).
 */
export function assertSameOrigin(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  const crossSite = site === 'cross-site' || (origin !== null && origin !== 'null' && URL.canParse(origin) && new URL(origin).host !== new URL(request.url).host);
  if (crossSite) throw data({ message: 'Cross-site form submission refused' }, { status: 403 });
}
