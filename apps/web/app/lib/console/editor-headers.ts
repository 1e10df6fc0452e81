import type { HeadersFunction } from 'react-router';

/**
 * What only editors get: the console is personal (no shared cache, no referrer) and never indexed.
 * Anybody else gets the ordinary 404 page with the ordinary 404's headers, so nothing hints that
 * the console exists.
 */
export const EDITOR_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'same-origin',
};

/**
 * The headers of the routes that answer addresses no route serves (lib/console/unmatched-path.server.ts):
 * EDITOR_HEADERS when their loader sent them for a console page; otherwise what a route without a
 * `headers` export gets (its parent's).
 */
export const editorPageHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of Object.keys(EDITOR_HEADERS)) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
