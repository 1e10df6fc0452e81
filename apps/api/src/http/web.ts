import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSite } from '../../../web/server/handler.ts';
import { AppwriteError } from '../core/errors.ts';
import { unroutedError } from './not-implemented.ts';
import { isApiUrl } from './security-headers.ts';

/**
 * The page's URL from the Host (or a trusted proxy's X-Forwarded-Host and -Proto); null when they
 * do not make one plain origin (`a b`, `user@host`, `host/path`, a port out of range).
 */
function pageUrl(request: FastifyRequest): string | null {
  const origin = URL.parse(`${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`);
  if (!origin || origin.username || origin.password || origin.pathname !== '/' || origin.search || origin.hash || !request.url.startsWith('/')) return null;
  const url = URL.parse(`${origin.origin}${request.url}`);
  return url && url.origin === origin.origin ? url.href : null;
}

/** The request as the site's Fetch handler takes it; null when it has no usable URL (pageUrl). */
function toFetchRequest(request: FastifyRequest): Request | null {
  const url = pageUrl(request);
  if (url === null) return null;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // The site forwards this to the API; it must be the address Fastify trusts, never the client's claim.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  return new Request(url, { method: request.method, headers, body: hasBody ? new Uint8Array(request.body as Buffer) : undefined, signal: controller.signal });
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as never));
}

/** What Fastify's `frameworkErrors` option gets: errors the router raises before any route runs. */
export type FrameworkErrorRenderer = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Serves the built site on every path outside /v1: hashed assets from build/client with long
 * caching, everything else rendered by React Router. Returns the `frameworkErrors` renderer to
 * use from now on: a site URL the router cannot even decode (`/Sub-regions-in-%ED%A0%80`) is the
 * site's to answer, with its 404 page; an API URL still gets `renderApiError`.
 */
export async function mountWeb(server: FastifyInstance, buildDirectory: string, site: WebSite, renderApiError: FrameworkErrorRenderer): Promise<FrameworkErrorRenderer> {
  const clientDirectory = join(buildDirectory, 'client');
  await server.register(async (web) => {
    // Files served as built get the site's headers here; pages get them from the site itself.
    web.addHook('onSend', (request, reply, payload, done) => {
      if (!isApiUrl(request.url)) {
        for (const [name, value] of Object.entries(site.fileHeaders(request.protocol === 'https'))) if (!reply.hasHeader(name)) reply.header(name, value);
      }
      // A file served from its .br or .gz copy differs by Accept-Encoding; caches in between must know.
      if (reply.hasHeader('content-encoding') && !reply.hasHeader('vary')) reply.header('vary', 'Accept-Encoding');
      done(null, payload);
    });
    // Pages and their data (.data) are compressed as they are sent (http/compression.ts); built files
    // were compressed at the highest levels at build time (apps/web/vite/precompress.ts) and are served as they are.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    if (existsSync(join(clientDirectory, 'assets'))) {
      await web.register(async (assets) => {
        // @fastify/static refuses a path it will not serve (a NUL in it…) with a 4xx of its own: a missing file.
        assets.setErrorHandler((error: FastifyError) => {
          if (!error.code && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) throw new AppwriteError('general_route_not_found');
          throw error;
        });
        await assets.register(fastifyStatic, { root: join(clientDirectory, 'assets'), prefix: '/assets/', preCompressed: true, immutable: true, maxAge: '365d', decorateReply: false, wildcard: true, index: false });
      });
    }
    // Only for reply.sendFile (the icons at the root); serves nothing by itself.
    await web.register(fastifyStatic, { root: clientDirectory, prefix: '/static-root/', serve: false, preCompressed: true });
    web.all('/*', async (request, reply) => {
      if (isApiUrl(request.url)) throw unroutedError(request.method, request.url);
      const file = request.url.split('?')[0] ?? '/';
      if (request.method === 'GET' && /^\/[\w.-]+\.(ico|png|svg|webmanifest)$/.test(file) && existsSync(join(clientDirectory, file))) {
        return reply.sendFile(file.slice(1));
      }
      const fetchRequest = toFetchRequest(request);
      if (!fetchRequest) throw new AppwriteError('general_bad_request', 'The request Host header is not valid.');
      return sendFetchResponse(reply, await site.handle(fetchRequest));
    });
  });
  return (error, request, reply) => {
    const fetchRequest = isApiUrl(request.url) ? null : toFetchRequest(request);
    if (!fetchRequest) return renderApiError(error, request, reply);
    site.handle(fetchRequest).then(
      (response) => sendFetchResponse(reply, response),
      (failure: unknown) => reply.send(failure),
    );
  };
}
