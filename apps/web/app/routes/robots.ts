import { siteEnv } from '../lib/env.server';

/** Everything may be crawled except the language switch and search results; the sitemap lists the rest. */
export function loader() {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /set-language', 'Disallow: /search?', '', `Sitemap: ${siteEnv().siteUrl}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
