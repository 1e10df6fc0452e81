/**
 * The site's hardening headers (OWASP Secure Headers): one policy for the pages React Router
 * renders (server/handler.ts) and the files served as built (apps/api/src/http/web.ts mounts them).
 * A header a route set itself (a stricter Referrer-Policy on the account pages) is kept.
 */

/** One year, sent only on HTTPS so a plain-HTTP install is never locked out (as the API does on /v1). */
const HSTS = 'max-age=31536000';

/** Geolocation for the site itself (a later feature asks for it); every other powerful feature off. */
const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** Anything that is not an HTML page (files, feeds, redirects, data): nothing in it may load or run. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * An HTML page's policy. Scripts: only those carrying this response's nonce (the inline bootstrap,
 * the colour-mode script, React's streaming scripts) and what they load ('strict-dynamic'; 'self'
 * for browsers without it). Styles: the built stylesheet; style *attributes* stay allowed because
 * party colours are rendered as `style="background-color:…"` (no `<style>` element is allowed).
 * Pictures are same-origin (/v1 previews, avatars, QR codes), data: and blob: (upload previews).
 * The browser SDK calls /v1 on this origin, and realtime will use a websocket to it.
 */
export function pageCsp(nonce: string, url: URL): string {
  const websocket = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${websocket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every response of the site, page or file; `secure` when the visitor reached us over HTTPS. */
export function siteHeaders(secure: boolean): Readonly<Record<string, string>> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(secure ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** The headers of a file served as built (hashed assets, icons). */
export function fileHeaders(secure: boolean): Readonly<Record<string, string>> {
  return { ...siteHeaders(secure), 'Content-Security-Policy': NON_PAGE_CSP };
}

/** The site's headers added to a rendered response, keeping any the route set itself. */
export function withSiteHeaders(response: Response, url: URL, nonce: string): Response {
  const headers = new Headers(response.headers);
  const isPage = (headers.get('content-type') ?? '').startsWith('text/html');
  const wanted = { ...siteHeaders(url.protocol === 'https:'), 'Content-Security-Policy': isPage ? pageCsp(nonce, url) : NON_PAGE_CSP };
  for (const [name, value] of Object.entries(wanted)) if (!headers.has(name)) headers.set(name, value);
  // A fresh Response: some (Response.redirect) have headers that cannot be changed.
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
