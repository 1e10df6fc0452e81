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

/** The page of RFC 8058 one-click unsubscriptions (ONE_CLICK_PATH in app/lib/form-body.server.ts). */
const ONE_CLICK_PATH = '/unsubscribe';

/**
 * React Router refuses any POST whose Origin is another site (400) before an action runs. RFC 8058
 * one-click unsubscriptions may come with the mail provider's Origin, so for that one page the
 * Origin is taken off and the page's action applies the narrow exception itself
 * (readUnsubscribeForm: only the body `List-Unsubscribe=One-Click`). The request stays marked as
 * another site's (Sec-Fetch-Site), so any other body is still refused there.
 */
function withOneClickOrigin(request: Request): Request {
  const origin = request.headers.get('origin');
  if (request.method !== 'POST' || origin === null || new URL(request.url).pathname !== ONE_CLICK_PATH) return request;
  const headers = new Headers(request.headers);
  headers.delete('origin');
  const sameOrigin = URL.canParse(origin) && new URL(origin).host === new URL(request.url).host;
  if (!sameOrigin && headers.get('sec-fetch-site') !== 'cross-site') headers.set('sec-fetch-site', 'cross-site');
  return new Request(request.url, { method: request.method, headers, body: request.body, signal: request.signal, duplex: 'half' } as RequestInit);
}

export async function loadWebHandler(buildDirectory: string): Promise<WebSite> {
  const build = (await import(pathToFileURL(join(buildDirectory, 'server', 'index.js')).href)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  return {
    async handle(request) {
      // A fresh nonce per response: the page's inline scripts carry it (entry.server.tsx), the CSP names it.
      const cspNonce = randomBytes(16).toString('base64');
      return withSiteHeaders(await handler(withOneClickOrigin(withDecodablePath(request)), { cspNonce }), new URL(request.url), cspNonce);
    },
    fileHeaders,
  };
}
