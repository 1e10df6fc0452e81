import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../core/context.ts';
import type { RouteDefinition } from '../core/route.ts';
import { Accepted } from '../core/accepted.ts';
import { authorizeRoute, enforceAbuseLimits, prepareParams, validateParams, type PreparedParam, type RestDependencies } from '../http/rest.ts';
import type { FieldInvoker } from './schema.ts';
import { escapeKeys } from './wire-names.ts';

/** A route that answers without a JSON body (204, bytes, a redirect, text): Appwrite then sends that answer instead of the GraphQL result. */
export interface RawAnswer {
  route: RouteDefinition;
  output: unknown;
}

/** Each route's params prepared once, as REST prepares them. */
export function preparedParamsOf(routes: readonly RouteDefinition[]): ReadonlyMap<RouteDefinition, PreparedParam[]> {
  return new Map(routes.map((route) => [route, prepareParams(route, route.path)]));
}

/**
 * Runs GraphQL fields through the REST pipeline of their routes, for one HTTP request: the caller's
 * identity and context, the route's scope, param validation, abuse limits and handler.
 */
export class RouteInvoker implements FieldInvoker {
  /** The first raw answer a field produced; it replaces the GraphQL result. */
  rawAnswer: RawAnswer | null = null;
  private readonly request: FastifyRequest;
  private readonly reply: FastifyReply;
  private readonly context: RequestContext;
  private readonly deps: RestDependencies;
  private readonly params: ReadonlyMap<RouteDefinition, PreparedParam[]>;

  constructor(request: FastifyRequest, reply: FastifyReply, context: RequestContext, deps: RestDependencies, params: ReadonlyMap<RouteDefinition, PreparedParam[]>) {
    this.request = request;
    this.reply = reply;
    this.context = context;
    this.deps = deps;
    this.params = params;
  }

  async invoke(route: RouteDefinition, args: Record<string, unknown>): Promise<unknown> {
    const { identity } = this.context;
    authorizeRoute(route, identity, this.deps.config.projectId, this.request.hostname);
    const values = validateParams(this.params.get(route) ?? [], (param) =>
      param.location === 'header' ? this.request.headers[param.definition.header!.toLowerCase()] : args[param.name],
    );
    if (this.deps.config.abuseLimits && !identity.admin) {
      await enforceAbuseLimits(route, { method: route.method, contentRange: undefined }, this.reply, this.context, values, this.deps.rateLimiter);
    }
    const output = await route.handler({ params: values as never, ctx: this.context, services: this.deps.services });
    if (!('model' in route.response)) {
      this.rawAnswer ??= { route, output };
      return {};
    }
    return escapeKeys(output instanceof Accepted ? output.body : output);
  }
}
