import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QueryError } from '@ballot-atlas/shared/appwrite/query';
import { AppwriteError, toErrorBody, type ErrorBody } from '../core/errors.ts';
import { DatabaseTimeoutError, DatabaseUnavailableError } from '../db/dialects/outage.ts';
import { unroutedError } from './not-implemented.ts';
import { hardenDocument } from './security-headers.ts';

/** Framework errors we can name safely; anything else is a server error. */
const frameworkErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request Content-Length does not match its body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_BAD_URL: 'The request URL is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter of the request URL is too long.',
};

const BODY_TOO_LARGE = 'FST_ERR_CTP_BODY_TOO_LARGE';

/** Every error response, whatever produced it, is uncacheable. */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-cache, no-store, must-revalidate',
  Expires: '0',
  Pragma: 'no-cache',
};

/** A database outage is short: clients may retry after this many seconds. */
const RETRY_AFTER_SECONDS = '5';

function translate(error: FastifyError): unknown {
  if (error instanceof AppwriteError) return error;
  // A query the shared parser or the filter compiler refused is the client's mistake, in whichever service it surfaced.
  if (error instanceof QueryError) return new AppwriteError('general_query_invalid', error.message);
  if (error.code === BODY_TOO_LARGE) return new AppwriteError('general_payload_too_large');
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return new AppwriteError('general_bad_request', known);
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppwriteError('general_bad_request', 'The request body is not valid JSON.');
  return error;
}

function sendError(reply: FastifyReply, body: ErrorBody): void {
  if (body.code === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
  void reply.code(body.code).headers(NO_CACHE_HEADERS).send(body);
}

/** What the log may say about an error: its name, code and message (and where, for bugs), never its other fields. */
function logSafe(error: unknown): { error: string; stack?: string } {
  if (!(error instanceof Error)) return { error: typeof error };
  const code = (error as { code?: unknown }).code;
  const name = typeof code === 'string' ? `${error.name} ${code}` : error.name;
  return { error: `${name}: ${error.message}`, stack: error.stack };
}

/** For Fastify's `frameworkErrors` option: errors the router raises before any hook or handler runs (so no hook adds headers). */
export function renderFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  hardenDocument(request, reply);
  reply.header('X-Request-Id', request.id);
  sendError(reply, toErrorBody(translate(error)));
}

export interface ErrorHandlingOptions {
  /** Called when a body is refused for its size, so its remainder can still be read (and dropped) for a while. */
  onBodyRefused?(request: FastifyRequest): void;
}

export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === BODY_TOO_LARGE) {
      // Closing now would reset a client still sending, which then never reads the answer: the rest is read and dropped instead.
      reply.removeHeader('connection');
      options.onBodyRefused?.(request);
    }
    const translated = translate(error);
    const body = toErrorBody(translated);
    const route = request.routeOptions.url;
    // A body cut off because its client left (or was cut for being too slow) is not the server's failure: the access log has it.
    const clientGone = request.raw.socket?.destroyed === true;
    // An outage is logged once by the database layer, however many requests it fails.
    if (translated instanceof DatabaseTimeoutError) request.log.warn({ type: body.type, route, reason: translated.reason }, 'statement timeout');
    else if (body.code >= 500 && !clientGone && !(translated instanceof DatabaseUnavailableError)) request.log.error({ type: body.type, route, ...logSafe(error) }, 'request failed');
    sendError(reply, body);
  });
  app.setNotFoundHandler((request, reply) => {
    sendError(reply, toErrorBody(unroutedError(request.method, request.url)));
  });
}
