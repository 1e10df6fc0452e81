import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { fileHeaders, withSiteHeaders } from './security-headers.ts';

/** The site, for whichever HTTP server hosts it (the API's, by default). */
export interface WebSite {
  /** Renders a page, runs a form action or a resource route; the answer carries the site's security headers. */
  handle(request: Request): Promise<Response>;
  /** The headers of a file the host serves as built (build/client), over HTTPS or not. */
  fileHeaders(secure: boolean): Readonly<Record<string, string>>;
}

/**
 * React Router warns, quoting the whole URL, about every path it cannot percent-decode, so any
 * visitor could fill the log with them. Such a path names no page (lib/urls.ts decodePath), so its
 * escapes are made literal (`%` → `%25`): the site reads the same characters and answers its 404.
 */
function withDecodablePath(request: Request): Request {
  const url = new URL(request.url);
  try {
    decodeURIComponent(url.pathname);
    return request;
  } catch {
    url.pathname = url.pathname.replaceAll('%', '%25');
    return new Request(url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal, duplex: 'half' } as RequestInit);
  }
}

export async function loadWebHandler(buildDirectory: string): Promise<WebSite> {
  const build = (await import(pathToFileURL(join(buildDirectory, 'server', 'index.js')).href)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  return {
    async handle(request) {
      // A fresh nonce per response: the page's inline scripts carry it (entry.server.tsx), the CSP names it.
      const cspNonce = randomBytes(16).toString('base64');
      return withSiteHeaders(await handler(withDecodablePath(request), { cspNonce }), new URL(request.url), cspNonce);
    },
    fileHeaders,
  };
}
