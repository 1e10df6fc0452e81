import type { ParamShape, ParamValues } from './params.ts';
import type { RequestContext } from './context.ts';
import type { Scope } from './scopes.ts';
import type { Services } from './services.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A fixed-window abuse limit; the key joins the named parts (`ip`, `url`, `method`, `userId`, `param:<name>`). */
export interface AbuseLimit {
  limit: number;
  windowSeconds: number;
  key: readonly string[];
}

export type ResponseSpec =
  | { status: 200 | 201; model: string }
  | { status: 204 }
  | { status: 200; contentType: 'text/plain' }
  /** The handler returns the URL to send the browser to. */
  | { status: 301; redirect: true };

export interface HandlerInput<P extends ParamShape> {
  params: ParamValues<P>;
  ctx: RequestContext;
  services: Services;
}

export interface RouteDefinition<P extends ParamShape = ParamShape> {
  /** `<service>.<sdkMethod>`: names the OpenAPI operation and, later, the GraphQL field. */
  id: string;
  method: HttpMethod;
  /** Path under /v1 with `{param}` placeholders. */
  path: string;
  /** Older or newer spellings of the same path. */
  aliases?: readonly string[];
  summary: string;
  /** null: reachable without any scope (liveness). */
  scope: Scope | null;
  /** false: no project id is needed (liveness, the API description). */
  project?: boolean;
  /** Several limits all apply (e.g. per target and per address); the tightest one is reported in the headers. */
  abuse?: AbuseLimit | readonly AbuseLimit[];
  /** Reachable by a session still waiting for its second factor (the MFA challenge routes). */
  beforeSecondFactor?: boolean;
  params: P;
  response: ResponseSpec;
  handler(input: HandlerInput<P>): Promise<unknown>;
}

/** Declares a route once; REST, validation and OpenAPI are derived from the returned object. */
export function defineRoute<const P extends ParamShape>(route: RouteDefinition<P>): RouteDefinition<P> {
  return route;
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}
