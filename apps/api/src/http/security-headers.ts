import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One year, OWASP's recommendation; sent only on HTTPS requests so a plain-HTTP install is never locked out. */
const HSTS = 'max-age=31536000';

const everyResponse = {
  'X-Content-Type-Options': 'nosniff',
  // API URLs carry ids and secrets in their query strings (OAuth codes, verification links): never pass them on.
  'Referrer-Policy': 'no-referrer',
};

/**
 * JSON, errors, empty answers and redirects: nothing in them is ever to be rendered, framed or
 * read by another origin's page without CORS (the SDK's cross-origin calls are CORS requests,
 * which Cross-Origin-Resource-Policy does not apply to).
 */
export const documentHeaders: Readonly<Record<string, string>> = {
  ...everyResponse,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Files, previews and avatars: embedded as images by the site and by any app on another origin
 * (so cross-origin), never able to run script if opened directly (an SVG), framed only by the
 * site's own origins.
 */
function binaryHeaders(allowedOrigins: readonly string[]): Readonly<Record<string, string>> {
  return {
    ...everyResponse,
    'Content-Security-Policy': `script-src 'none'; frame-ancestors 'self'${allowedOrigins.map((origin) => ` ${origin}`).join('')}`,
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
}

/** `/v1` and below: the API, as opposed to the site. */
export function isApiUrl(url: string): boolean {
  return url.startsWith('/v1') && (url.length === 3 || url[3] === '/' || url[3] === '?');
}

function isDocument(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return type === undefined || (typeof type === 'string' && /^(application\/json|text\/plain)\b/.test(type));
}

type HeaderList = readonly (readonly [string, string])[];

const documentHeaderList: HeaderList = Object.entries(documentHeaders);

/** A route that chose one of these headers itself (a file's sandboxing policy) keeps its choice. */
function harden(request: FastifyRequest, reply: FastifyReply, headers: HeaderList): void {
  for (const [name, value] of headers) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
}

/** For answers sent before any hook can run (errors the router raises): they are JSON documents. */
export function hardenDocument(request: FastifyRequest, reply: FastifyReply): void {
  harden(request, reply, documentHeaderList);
}

/** The hardening headers of every /v1 response, whichever route, error path or hook produced it. */
export function hardenApiResponses(server: FastifyInstance, allowedOrigins: readonly string[]): void {
  const binary: HeaderList = Object.entries(binaryHeaders(allowedOrigins));
  server.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (isApiUrl(request.url)) harden(request, reply, isDocument(reply) ? documentHeaderList : binary);
    done(null, payload);
  });
}
