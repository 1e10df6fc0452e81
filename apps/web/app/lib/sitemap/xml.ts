/** One address in a sitemap or sitemap index (absolute URL; lastmod as W3C datetime). */
export interface SitemapEntry {
  loc: string;
  lastmod?: string | null;
}

/** The sitemaps protocol's limit of URLs per file. */
export const MAX_URLS_PER_SITEMAP = 50_000;

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] as string);
}

function entries(tag: 'url' | 'sitemap', items: readonly SitemapEntry[]): string {
  return items
    .map((item) => `<${tag}><loc>${escapeXml(item.loc)}</loc>${item.lastmod ? `<lastmod>${escapeXml(item.lastmod)}</lastmod>` : ''}</${tag}>`)
    .join('\n');
}

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlset(items: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${entries('url', items)}\n</urlset>\n`;
}

export function sitemapIndex(items: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${entries('sitemap', items)}\n</sitemapindex>\n`;
}

export function xmlResponse(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
