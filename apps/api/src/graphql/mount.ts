import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { AppwriteError, argumentMissing } from '../core/errors.ts';
import { models } from '../core/models.ts';
import type { RouteDefinition } from '../core/route.ts';
import { hasScope, missingScopeMessage } from '../core/scopes.ts';
import { resolveIdentity } from '../http/identity.ts';
import { readProject, requestContext, sendRouteOutput, type RestDependencies } from '../http/rest.ts';
import { DocumentCache } from './document-cache.ts';
import { executeBatch, readOperations } from './execute.ts';
import { preparedParamsOf, RouteInvoker } from './route-invoker.ts';
import { buildGraphqlSchema } from './schema.ts';

/** Appwrite's limit on the GraphQL endpoints themselves: 60 requests a minute per address and URL. */
const ENDPOINT_LIMIT = { limit: 60, windowSeconds: 60 };

async function limitEndpoint(request: FastifyRequest, reply: FastifyReply, deps: RestDependencies, path: string): Promise<void> {
  const result = await deps.rateLimiter.hit(`url:${path},ip:${request.ip}`, ENDPOINT_LIMIT.limit, ENDPOINT_LIMIT.windowSeconds);
  reply.header('X-RateLimit-Limit', result.limit).header('X-RateLimit-Remaining', result.remaining).header('X-RateLimit-Reset', result.reset);
  if (!result.allowed) throw new AppwriteError('general_rate_limit_exceeded');
}

/** The operations a POST carries: JSON (one or a batch), the SDKs' `{ query: {...} }` wrapping, or an `application/graphql` text. */
function postedOperations(request: FastifyRequest): unknown {
  if (typeof request.body === 'string') return { query: request.body };
  if (request.headers['x-sdk-graphql'] === 'true') {
    const wrapped = (request.body as Record<string, unknown> | undefined)?.['query'];
    return typeof wrapped === 'string' ? { query: wrapped } : wrapped;
  }
  return request.body;
}

function gotOperations(request: FastifyRequest): unknown {
  const { query, operationName, variables } = request.query as Record<string, unknown>;
  if (query === undefined) throw argumentMissing('query');
  return { query, operationName, variables };
}

/**
 * Serves /v1/graphql (GET: queries only; POST) and /v1/graphql/mutation with one schema built from
 * the route registry at start-up. Each field runs its route's REST pipeline (route-invoker.ts).
 */
export function mountGraphql(server: FastifyInstance, routes: readonly RouteDefinition[], deps: RestDependencies): GraphQLSchema {
  const schema = buildGraphqlSchema(routes, models);
  const params = preparedParamsOf(routes);
  const documents = new DocumentCache(schema);
  server.addContentTypeParser('application/graphql', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const handle = (path: string, readOnly: boolean, read: (request: FastifyRequest) => unknown) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (readProject(request) !== deps.config.projectId) throw new AppwriteError('project_not_found');
    const identity = await resolveIdentity(request, deps.config, deps.services.accounts.resolver, deps.services.functions.keys);
    if (!hasScope(identity, 'graphql')) throw new AppwriteError('general_unauthorized_scope', missingScopeMessage(identity, 'graphql', deps.config.projectId, request.hostname));
    if (deps.config.abuseLimits && !identity.admin) await limitEndpoint(request, reply, deps, path);
    const operations = readOperations(read(request));
    const invoker = new RouteInvoker(request, reply, requestContext(request, reply, deps.config, identity), deps, params);
    const result = await executeBatch(schema, documents, operations, invoker, {
      limits: deps.config.abuseLimits,
      readOnly,
      onUnexpected: (error) => request.log.error({ err: error }, 'GraphQL field failed'),
    });
    if (invoker.rawAnswer) return sendRouteOutput(reply, invoker.rawAnswer.route, invoker.rawAnswer.output);
    return reply.code(200).send(result);
  };

  server.get('/v1/graphql', async (request, reply) => {
    try {
      return await handle('/graphql', true, gotOperations)(request, reply);
    } catch (error) {
      if (error instanceof AppwriteError && error.type === 'graphql_method_unsupported') reply.header('Allow', 'POST');
      throw error;
    }
  });
  server.post('/v1/graphql', handle('/graphql', false, postedOperations));
  server.post('/v1/graphql/mutation', handle('/graphql/mutation', false, postedOperations));
  return schema;
}
