import type { ExpensiveKind } from './guest-rates.ts';
import type { ParamShape, ParamValues } from './params.ts';
import type { RequestContext } from './context.ts';
import type { Scope } from './scopes.ts';
import type { Services } from './services.ts';
import type { UploadedFile } from './uploaded-file.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A fixed-window abuse limit; the key joins the named parts (`ip`, `url`, `method`, `userId`, `chunk` (upload offset), `param:<name>`). */
export interface AbuseLimit {
  limit: number;
  windowSeconds: number;
  key: readonly string[];
}

/** Expensive work: a guest's request counts against the kind's budget per address (core/guest-rates.ts). */
export interface ExpensiveWork<P extends ParamShape = ParamShape> {
  kind: ExpensiveKind;
  /** Only the requests for which this is true (a list only when it searches); absent: every request. */
  when?(params: ParamValues<P>): boolean;
}

export type ResponseSpec =
  | { status: 200 | 201 | 202; model: string }
  | { status: 204 }
  | { status: 200; contentType: 'text/plain' }
  /** The handler returns the URL to send the browser to. */
  | { status: 301; redirect: true }
  /** The handler returns a BinaryBody; `binary` is the media range it may be (`image/*`), for the API description. */
  | { status: 200; binary: string };

/** What a `binary` route's handler returns: the bytes and how to label, cache and present them. */
export interface BinaryBody {
  /** A buffer, or a stream for large files. */
  body: Buffer | NodeJS.ReadableStream;
  contentType: string;
  /** 206 for a byte range; default 200. */
  status?: 200 | 206 | 304;
  /** Sends `Content-Disposition: inline` with this file name (user files shown in the browser). */
  inline?: string;
  /** More headers (ranges, a sandboxing Content-Security-Policy, ETag). */
  headers?: Record<string, string>;
  /** Sends `Cache-Control: <cacheScope>, max-age=<cacheSeconds>`; absent: no Cache-Control. */
  cacheSeconds?: number;
  /** `private` when the bytes depend on who asks (a session); default `public`. */
  cacheScope?: 'public' | 'private';
  /** Sends `Content-Disposition: attachment` with this file name. */
  download?: string;
}

export type { UploadedFile } from './uploaded-file.ts';

export interface HandlerInput<P extends ParamShape> {
  params: ParamValues<P>;
  ctx: RequestContext;
  services: Services;
  /** Only for `multipart` routes. */
  upload?: UploadedFile | undefined;
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
  /** Guests (and anonymous users) doing this are held to a rate per address, GUEST_<KIND>_RATE. */
  expensive?: ExpensiveWork<P>;
  /** The body is multipart/form-data with one `file` part (file uploads). */
  multipart?: boolean;
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
