import { siteEnv } from '../env.server';

/**
 * The origin for links the API sends visitors to (mail links, OAuth2 redirects): the one the
 * visitor is on when the API accepts it (SITE_URL's host or ALLOWED_ORIGINS), so the session cookie
 * lands on the host they use; else SITE_URL.
 */
export function siteOrigin(request: Request): string {
  const { siteUrl, allowedOrigins } = siteEnv();
  const site = new URL(siteUrl);
  const current = new URL(request.url);
  const allowedHosts = new Set([site.hostname, ...allowedOrigins.map((origin) => new URL(origin).hostname)]);
  return allowedHosts.has(current.hostname) ? current.origin : site.origin;
}
