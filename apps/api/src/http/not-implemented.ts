import { readFileSync } from 'node:fs';
import { AppwriteError } from '../core/errors.ts';

/**
 * SDK calls that Appwrite's server answers and we do not (`METHOD /path`), written by
 * `npm run sdk-surface -- --write`: they get Appwrite's general_not_implemented (405) instead of
 * a 404, so a client can tell "this server lacks it" from "no such endpoint".
 */
export const NOT_IMPLEMENTED_FILE = new URL('./not-implemented-endpoints.json', import.meta.url);

/** Param names differ between the SDKs, Appwrite and us; only their places count. */
export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{\w+\}/g, '{}')}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
}

/** One pattern per method: `/v1/presences/{presenceId}` matches `/v1/presences/abc` (one path segment per param). */
function compile(entries: readonly string[]): Map<string, RegExp> {
  const byMethod = new Map<string, string[]>();
  for (const entry of entries) {
    const [method, path] = entry.split(' ') as [string, string];
    const pattern = `/v1${path}`.split(/\{\w+\}/).map(escapeRegExp).join('[^/]+');
    byMethod.set(method, [...(byMethod.get(method) ?? []), pattern]);
  }
  return new Map([...byMethod].map(([method, patterns]) => [method, new RegExp(`^(?:${patterns.join('|')})$`)]));
}

let listed: string[] | undefined;
let patterns: Map<string, RegExp> | undefined;

function listedEndpoints(): string[] {
  listed ??= JSON.parse(readFileSync(NOT_IMPLEMENTED_FILE, 'utf8')) as string[];
  return listed;
}

/**
 * The error for a request no route matched: general_not_implemented when it is one of the listed
 * endpoints, else general_route_not_found. Served endpoints never get here, whichever code mounts them.
 */
export function unroutedError(method: string, url: string): AppwriteError {
  patterns ??= compile(listedEndpoints());
  const path = url.split('?')[0] ?? '';
  return new AppwriteError(patterns.get(method.toUpperCase())?.test(path) ? 'general_not_implemented' : 'general_route_not_found');
}

/** True when a `{param}` segment of `served` would capture the fixed segment of `listed` in its place (and every other segment fits). */
function captures(served: string[], listed: string[]): boolean {
  if (served.length !== listed.length) return false;
  let capturesFixed = false;
  for (const [index, segment] of served.entries()) {
    const other = listed[index]!;
    const isParam = /^\{\w+\}$/.test(segment);
    if (isParam && !/^\{\w+\}$/.test(other)) capturesFixed = true;
    else if (!isParam && segment !== other) return false;
  }
  return capturesFixed;
}

/**
 * Listed endpoints that a served route's `{param}` would swallow (`GET /users/{userId}` takes
 * `GET /users/identities`, which Appwrite routes first as a fixed path): the route's handler
 * must answer them with general_not_implemented. Undefined when the route shadows none.
 */
export function shadowedEndpoints(method: string, servedPath: string): RegExp | undefined {
  const served = servedPath.split('/');
  const shadowed = listedEndpoints()
    .map((entry) => entry.split(' ') as [string, string])
    .filter(([listedMethod, listedPath]) => listedMethod === method && captures(served, listedPath.split('/')))
    .map(([, listedPath]) => `${method} ${listedPath}`);
  return shadowed.length === 0 ? undefined : compile(shadowed).get(method);
}
