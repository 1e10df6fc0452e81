import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Identity, RequestContext } from '../core/context.ts';
import { AppwriteError, argumentInvalid, argumentMissing } from '../core/errors.ts';
import { guestRateKey } from '../core/guest-rates.ts';
import { countsAsGuest } from '../core/counts-as-guest.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import { pathParamNames, type AbuseLimit, type BinaryBody, type RouteDefinition } from '../core/route.ts';
import { Accepted } from '../core/accepted.ts';
import { hasScope, missingScopeMessage } from '../core/scopes.ts';
import type { Services } from '../core/services.ts';
import { withReadScope } from '../db/replica/read-scope.ts';
import { sendBinary } from './binary-reply.ts';
import type { QueryValue } from './querystring.ts';
import { coerceQueryValue, valueKind, type ValueKind } from './coerce.ts';
import { parseCookies } from './cookies.ts';
import { readMultipart } from './multipart.ts';
import { mayReadReplica, writerOf } from './read-routing.ts';
import { resolveIdentity } from './identity.ts';
import { shadowedEndpoints } from './not-implemented.ts';
import { clientUserAgent, responseControl } from './session-cookies.ts';

export interface PreparedParam {
  name: string;
  location: 'path' | 'query' | 'body' | 'header';
  kind: ValueKind;
  definition: RouteDefinition['params'][string];
}

export function prepareParams(route: RouteDefinition, path: string): PreparedParam[] {
  const inPath = new Set(pathParamNames(path));
  return Object.entries(route.params).map(([name, definition]) => ({
    name,
    location: definition.header ? 'header' : inPath.has(name) ? 'path' : route.method === 'GET' ? 'query' : 'body',
    kind: valueKind(definition.schema),
    definition,
  }));
}

export function readProject(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown>;
  const fromQuery = query['project'];
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const header = request.headers['x-appwrite-project'];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppwriteError('general_bad_request', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** Validates every declared param, each read raw by `read`: missing required ones and invalid values are named in the error. */
export function validateParams(params: readonly PreparedParam[], read: (param: PreparedParam) => unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const param of params) {
    const raw = read(param);
    const shownName = param.definition.header ?? param.name;
    if (raw === undefined) {
      if (param.definition.required) throw argumentMissing(shownName);
      continue;
    }
    const parsed = param.definition.schema.safeParse(raw);
    if (!parsed.success) throw argumentInvalid(shownName, parsed.error.issues[0]?.message ?? 'Value is invalid');
    values[param.name] = parsed.data;
  }
  return values;
}

function collectParams(request: FastifyRequest, params: readonly PreparedParam[], formFields?: Record<string, unknown>): Record<string, unknown> {
  const pathValues = request.params as Record<string, string>;
  const query = request.query as Record<string, QueryValue>;
  const body = formFields ?? (params.some((param) => param.location === 'body') ? bodyObject(request) : {});
  return validateParams(params, (param) => {
    if (param.location === 'path') return pathValues[param.name] === '' ? undefined : pathValues[param.name];
    if (param.location === 'query') return query[param.name] === undefined ? undefined : coerceQueryValue(query[param.name]!, param.kind);
    if (param.location === 'header') return request.headers[param.definition.header!.toLowerCase()];
    return body[param.name];
  });
}

/** What abuse keys read from the request besides params: the method and, for uploads, the chunk's Content-Range. */
export interface RequestFacts {
  method: string;
  contentRange: string | undefined;
}

function abuseKey(limit: AbuseLimit, route: RouteDefinition, request: RequestFacts, context: RequestContext, params: Record<string, unknown>): string {
  return limit.key
    .map((part) => {
      if (part === 'ip') return `ip:${context.ip}`;
      if (part === 'url') return `url:${route.path}`;
      if (part === 'method') return `method:${request.method}`;
      if (part === 'userId') return `userId:${context.identity.userId ?? ''}`;
      // Uploads count per chunk, so one large file does not use up the limit (Appwrite's chunkId).
      if (part === 'chunk') return `chunk:${/^bytes (\d+)-/.exec(request.contentRange ?? '')?.[1] ?? '0'}`;
      if (part.startsWith('param:')) return `${part}:${String(params[part.slice(6)] ?? '')}`;
      return part;
    })
    .join(',');
}

/** The route's own abuse limits, and the guest budget of the expensive work it declares when this request does it. */
function applicableLimits(route: RouteDefinition, request: RequestFacts, context: RequestContext, values: Record<string, unknown>): { key: string; limit: number; windowSeconds: number }[] {
  const declared: readonly AbuseLimit[] = route.abuse === undefined ? [] : Array.isArray(route.abuse) ? route.abuse : [route.abuse as AbuseLimit];
  const limits = declared.map((limit) => ({ key: abuseKey(limit, route, request, context, values), limit: limit.limit, windowSeconds: limit.windowSeconds }));
  const work = route.expensive;
  const rate = work ? context.config.guestRates[work.kind] : null;
  if (work && rate && countsAsGuest(context.identity) && (!work.when || work.when(values as never))) limits.push({ key: guestRateKey(work.kind, context.ip), ...rate });
  return limits;
}

export async function enforceAbuseLimits(route: RouteDefinition, request: RequestFacts, reply: FastifyReply, context: RequestContext, values: Record<string, unknown>, rateLimiter: RateLimiter): Promise<void> {
  const limits = applicableLimits(route, request, context, values);
  if (limits.length === 0) return;
  const results = await Promise.all(limits.map((limit) => rateLimiter.hit(limit.key, limit.limit, limit.windowSeconds)));
  const tightest = results.reduce((a, b) => (b.remaining < a.remaining || (!b.allowed && a.allowed) ? b : a));
  reply.header('X-RateLimit-Limit', tightest.limit).header('X-RateLimit-Remaining', tightest.remaining).header('X-RateLimit-Reset', tightest.reset);
  if (results.some((result) => !result.allowed)) throw new AppwriteError('general_rate_limit_exceeded');
}

export interface RestDependencies {
  config: Config;
  services: Services;
  rateLimiter: RateLimiter;
  /** Where multipart file parts are spooled while a request is handled. */
  uploadTempDir: string;
  /** The largest file part accepted in one request. */
  maxUploadBytes: number;
}

/** Refuses a caller without the route's scope, and a session still owing its second factor outside the MFA routes. */
export function authorizeRoute(route: RouteDefinition, identity: Identity, projectId: string, hostname: string): void {
  if (route.scope && !hasScope(identity, route.scope)) {
    throw new AppwriteError('general_unauthorized_scope', missingScopeMessage(identity, route.scope, projectId, hostname));
  }
  if (identity.signedIn?.moreFactorsRequired && !route.beforeSecondFactor) throw new AppwriteError('user_more_factors_required');
}

export function requestContext(request: FastifyRequest, reply: FastifyReply, config: Config, identity: Identity): RequestContext {
  const locale = request.headers['x-appwrite-locale'];
  return {
    config,
    identity,
    ip: request.ip,
    userAgent: clientUserAgent(request),
    locale: typeof locale === 'string' && locale !== '' ? locale : config.defaultLanguage,
    origin: `${request.protocol}://${request.host}`,
    header: (name) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    },
    cookies: parseCookies(request.headers.cookie),
    response: responseControl(request, reply, config),
  };
}

/** Answers with a handler's output as the route's response spec says. */
export function sendRouteOutput(reply: FastifyReply, route: RouteDefinition, output: unknown): FastifyReply | Promise<FastifyReply> {
  if (route.response.status === 204) return reply.code(204).send();
  if ('redirect' in route.response) return reply.header('Cache-Control', 'no-store').redirect(output as string, 301);
  if ('binary' in route.response) return sendBinary(reply, output as BinaryBody);
  if ('contentType' in route.response) return reply.code(200).type(route.response.contentType).send(output);
  if (output instanceof Accepted) return reply.code(202).send(output.body);
  return reply.code(route.response.status).send(output);
}

function mount(app: FastifyInstance, route: RouteDefinition, path: string, deps: RestDependencies): void {
  const params = prepareParams(route, path);
  const needsProject = route.project !== false;
  const shadowed = shadowedEndpoints(route.method, path);
  app.route({
    method: route.method,
    url: `/v1${path.replace(/\{(\w+)\}/g, ':$1')}`,
    // Stored files go out as they are stored (http/compression.ts).
    ...('binary' in route.response ? { compress: false as const } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (shadowed?.test(request.url.split('?')[0] ?? '')) throw new AppwriteError('general_not_implemented');
      if (needsProject && readProject(request) !== deps.config.projectId) throw new AppwriteError('project_not_found');
      const identity = await resolveIdentity(request, deps.config, deps.services.accounts.resolver, deps.services.functions.keys);
      authorizeRoute(route, identity, deps.config.projectId, request.hostname);
      const context = requestContext(request, reply, deps.config, identity);
      const form = route.multipart ? await readMultipart(request, deps.uploadTempDir, deps.maxUploadBytes, (arrival) => deps.services.storage.placeFilePart(identity, request, arrival)) : undefined;
      let output: unknown;
      try {
        const values = collectParams(request, params, form?.fields);
        const facts = { method: request.method, contentRange: request.headers['content-range'] };
        if (deps.config.abuseLimits && !identity.admin) await enforceAbuseLimits(route, facts, reply, context, values, deps.rateLimiter);
        const handle = () => route.handler({ params: values as never, ctx: context, services: deps.services, upload: form?.file });
        // The read scope only chooses between primary and replica: without a replica, no request pays for it.
        output = deps.config.databaseReplicaUrl ? await withReadScope(writerOf(identity), mayReadReplica(route.id), handle) : await handle();
      } finally {
        await form?.discard();
      }
      return sendRouteOutput(reply, route, output);
    },
  });
}

/** Registers every route of the registry (and its path aliases) under /v1. */
export function mountRoutes(app: FastifyInstance, routes: readonly RouteDefinition[], deps: RestDependencies): void {
  for (const route of routes) {
    for (const path of [route.path, ...(route.aliases ?? [])]) mount(app, route, path, deps);
  }
}
