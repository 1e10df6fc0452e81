import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { RequestContext } from '../core/context.ts';
import { AppwriteError, argumentInvalid, argumentMissing } from '../core/errors.ts';
import { countsAsGuest, guestRateKey } from '../core/guest-rates.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import { Accepted, pathParamNames, type AbuseLimit, type BinaryBody, type RouteDefinition } from '../core/route.ts';
import { hasScope, missingScopeMessage } from '../core/scopes.ts';
import type { Services } from '../core/services.ts';
import { sendBinary } from './binary-reply.ts';
import { coerceQueryValue, valueKind, type ValueKind } from './coerce.ts';
import { rm } from 'node:fs/promises';
import { parseCookies } from './cookies.ts';
import { readMultipart } from './multipart.ts';
import { resolveIdentity } from './identity.ts';
import { clientUserAgent, responseControl } from './session-cookies.ts';

interface PreparedParam {
  name: string;
  location: 'path' | 'query' | 'body' | 'header';
  kind: ValueKind;
  definition: RouteDefinition['params'][string];
}

function prepareParams(route: RouteDefinition, path: string): PreparedParam[] {
  const inPath = new Set(pathParamNames(path));
  return Object.entries(route.params).map(([name, definition]) => ({
    name,
    location: definition.header ? 'header' : inPath.has(name) ? 'path' : route.method === 'GET' ? 'query' : 'body',
    kind: valueKind(definition.schema),
    definition,
  }));
}

function readProject(request: FastifyRequest): string | undefined {
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

/** Validates every declared param: missing required ones and invalid values are named in the error. */
function collectParams(request: FastifyRequest, params: readonly PreparedParam[], formFields?: Record<string, unknown>): Record<string, unknown> {
  const pathValues = request.params as Record<string, string>;
  const query = request.query as Record<string, string | string[]>;
  const body = formFields ?? (params.some((param) => param.location === 'body') ? bodyObject(request) : {});
  const values: Record<string, unknown> = {};
  for (const param of params) {
    let raw: unknown;
    if (param.location === 'path') raw = pathValues[param.name] === '' ? undefined : pathValues[param.name];
    else if (param.location === 'query') raw = query[param.name] === undefined ? undefined : coerceQueryValue(query[param.name]!, param.kind);
    else if (param.location === 'header') raw = request.headers[param.definition.header!.toLowerCase()];
    else raw = body[param.name];
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

function abuseKey(limit: AbuseLimit, route: RouteDefinition, request: FastifyRequest, context: RequestContext, params: Record<string, unknown>): string {
  return limit.key
    .map((part) => {
      if (part === 'ip') return `ip:${context.ip}`;
      if (part === 'url') return `url:${route.path}`;
      if (part === 'method') return `method:${request.method}`;
      if (part === 'userId') return `userId:${context.identity.userId ?? ''}`;
      // Uploads count per chunk, so one large file does not use up the limit (Appwrite's chunkId).
      if (part === 'chunk') return `chunk:${/^bytes (\d+)-/.exec(request.headers['content-range'] ?? '')?.[1] ?? '0'}`;
      if (part.startsWith('param:')) return `${part}:${String(params[part.slice(6)] ?? '')}`;
      return part;
    })
    .join(',');
}

/** The route's own abuse limits, and the guest budget of the expensive work it declares when this request does it. */
function applicableLimits(route: RouteDefinition, request: FastifyRequest, context: RequestContext, values: Record<string, unknown>): { key: string; limit: number; windowSeconds: number }[] {
  const declared: readonly AbuseLimit[] = route.abuse === undefined ? [] : Array.isArray(route.abuse) ? route.abuse : [route.abuse as AbuseLimit];
  const limits = declared.map((limit) => ({ key: abuseKey(limit, route, request, context, values), limit: limit.limit, windowSeconds: limit.windowSeconds }));
  const work = route.expensive;
  const rate = work ? context.config.guestRates[work.kind] : null;
  if (work && rate && countsAsGuest(context.identity) && (!work.when || work.when(values as never))) limits.push({ key: guestRateKey(work.kind, context.ip), ...rate });
  return limits;
}

async function enforceAbuseLimits(route: RouteDefinition, request: FastifyRequest, reply: FastifyReply, context: RequestContext, values: Record<string, unknown>, rateLimiter: RateLimiter): Promise<void> {
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

function mount(app: FastifyInstance, route: RouteDefinition, path: string, deps: RestDependencies): void {
  const params = prepareParams(route, path);
  const needsProject = route.project !== false;
  app.route({
    method: route.method,
    url: `/v1${path.replace(/\{(\w+)\}/g, ':$1')}`,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (needsProject && readProject(request) !== deps.config.projectId) throw new AppwriteError('project_not_found');
      const identity = await resolveIdentity(request, deps.config, deps.services.accounts.resolver, deps.services.functions.keys);
      if (route.scope && !hasScope(identity, route.scope)) {
        throw new AppwriteError('general_unauthorized_scope', missingScopeMessage(identity, route.scope, deps.config.projectId, request.hostname));
      }
      if (identity.signedIn?.moreFactorsRequired && !route.beforeSecondFactor) throw new AppwriteError('user_more_factors_required');
      const locale = request.headers['x-appwrite-locale'];
      const context: RequestContext = {
        config: deps.config,
        identity,
        ip: request.ip,
        userAgent: clientUserAgent(request),
        locale: typeof locale === 'string' && locale !== '' ? locale : deps.config.defaultLanguage,
        origin: `${request.protocol}://${request.host}`,
        header: (name) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        },
        cookies: parseCookies(request.headers.cookie),
        response: responseControl(request, reply, deps.config),
      };
      const form = route.multipart ? await readMultipart(request, deps.uploadTempDir, deps.maxUploadBytes) : undefined;
      let output: unknown;
      try {
        const values = collectParams(request, params, form?.fields);
        if (deps.config.abuseLimits && !identity.admin) await enforceAbuseLimits(route, request, reply, context, values, deps.rateLimiter);
        output = await route.handler({ params: values as never, ctx: context, services: deps.services, upload: form?.file });
      } finally {
        if (form?.file) await rm(form.file.tempPath, { force: true });
      }
      if (route.response.status === 204) return reply.code(204).send();
      if ('redirect' in route.response) return reply.header('Cache-Control', 'no-store').redirect(output as string, 301);
      if ('binary' in route.response) return sendBinary(reply, output as BinaryBody);
      if ('contentType' in route.response) return reply.code(200).type(route.response.contentType).send(output);
      if (output instanceof Accepted) return reply.code(202).send(output.body);
      return reply.code(route.response.status).send(output);
    },
  });
}

/** Registers every route of the registry (and its path aliases) under /v1. */
export function mountRoutes(app: FastifyInstance, routes: readonly RouteDefinition[], deps: RestDependencies): void {
  for (const route of routes) {
    for (const path of [route.path, ...(route.aliases ?? [])]) mount(app, route, path, deps);
  }
}
