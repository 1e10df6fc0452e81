import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppwriteError, toErrorBody, type ErrorBody } from '../core/errors.ts';

/** Framework errors we can name safely; anything else is a server error. */
const frameworkErrors: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request Content-Length does not match its body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_BAD_URL: 'The request URL is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter of the request URL is too long.',
};

function translate(error: FastifyError): unknown {
  if (error instanceof AppwriteError) return error;
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return new AppwriteError('general_bad_request', known);
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppwriteError('general_bad_request', 'The request body is not valid JSON.');
  return error;
}

/** Every error response, whatever produced it, is uncacheable. */
function sendError(reply: FastifyReply, body: ErrorBody): void {
  void reply
    .code(body.code)
    .header('Cache-Control', 'no-cache, no-store, must-revalidate')
    .header('Expires', '0')
    .header('Pragma', 'no-cache')
    .send(body);
}

/** For Fastify's `frameworkErrors` option: errors the router raises before any hook or handler runs. */
export function renderFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  sendError(reply, toErrorBody(translate(error)));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(translate(error));
    if (body.code >= 500) request.log.error({ err: error, url: request.routeOptions.url }, 'request failed');
    sendError(reply, body);
  });
  app.setNotFoundHandler((_request, reply) => {
    sendError(reply, toErrorBody(new AppwriteError('general_route_not_found')));
  });
}
