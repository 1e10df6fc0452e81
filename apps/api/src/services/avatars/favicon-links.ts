/**
 * Where a page says its icon is: `<link rel="icon">`, `shortcut icon` and `apple-touch-icon`
 * links, largest declared size first, then `/favicon.ico` at the site's root. SVG icons are left
 * out (remote vector files are not rendered).
 */

/** Only the document head matters; a page is not read past this many characters. */
const SCAN_LIMIT = 512 * 1024;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s=/<>"']+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    found.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return found;
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') return String.fromCodePoint(body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1)));
    return named[body.toLowerCase()] ?? entity;
  });
}

/** The largest side a `sizes` attribute declares; `any` counts as large. */
function declaredSize(sizes: string | undefined, rel: string[]): number {
  if (sizes?.toLowerCase().includes('any')) return 1024;
  const sides = [...(sizes ?? '').matchAll(/(\d+)\s*x\s*(\d+)/gi)].map((match) => Math.min(Number(match[1]), Number(match[2])));
  if (sides.length) return Math.max(...sides);
  // An apple-touch-icon without sizes is 180×180 by Apple's convention.
  return rel.some((token) => token.startsWith('apple-touch-icon')) ? 180 : 0;
}

/** Icon URLs to try, best first, resolved against the page's final URL (or its `<base href>`). */
export function faviconCandidates(html: string, pageUrl: URL): URL[] {
  const head = html.slice(0, SCAN_LIMIT);
  const baseHref = /<base\b[^>]*>/i.exec(head);
  let base = pageUrl;
  if (baseHref) {
    const href = attributes(baseHref[0]).get('href');
    if (href && URL.canParse(href, pageUrl)) base = new URL(href, pageUrl);
  }
  const links: { url: URL; size: number; order: number }[] = [];
  for (const [order, match] of [...head.matchAll(/<link\b[^>]*>/gi)].entries()) {
    const link = attributes(match[0]);
    const rel = (link.get('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('icon') && !rel.some((token) => token.startsWith('apple-touch-icon'))) continue;
    const href = link.get('href');
    if (!href || !URL.canParse(href, base)) continue;
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (link.get('type')?.toLowerCase() === 'image/svg+xml' || /\.svgz?$/i.test(url.pathname)) continue;
    links.push({ url, size: declaredSize(link.get('sizes'), rel), order });
  }
  links.sort((a, b) => b.size - a.size || a.order - b.order);
  const fallback = new URL('/favicon.ico', pageUrl);
  const unique = new Map(links.map(({ url }) => [url.href, url]));
  unique.set(fallback.href, fallback);
  return [...unique.values()];
}
