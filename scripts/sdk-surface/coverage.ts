import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteDefinition } from '../../apps/api/src/core/route.ts';
import { endpointKey } from '../../apps/api/src/http/not-implemented.ts';
import type { SdkEndpoint } from './extract.ts';
import { deliberateGap } from './deliberate-gaps.ts';

export type Coverage =
  | { served: true; routeId: string }
  /** `appwriteServes`: Appwrite's server has this endpoint, so we answer general_not_implemented (405) rather than 404. */
  | { served: false; appwriteServes: boolean; reason: string };

export interface CoveredEndpoint extends SdkEndpoint {
  coverage: Coverage;
}

const API_SOURCE = fileURLToPath(new URL('../../apps/api/src/', import.meta.url));
const DIRECT_MOUNT = /\b(?:server|app)\.(get|post|put|patch|delete)\(\s*'\/v1(\/[^']*)'/g;

/** Endpoints mounted on Fastify directly rather than through the registry (GraphQL, the OpenAPI document), found in the server's source. */
function directlyMounted(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(API_SOURCE, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    for (const [, method, path] of readFileSync(join(API_SOURCE, file), 'utf8').matchAll(DIRECT_MOUNT)) {
      found.set(endpointKey(method!, path!.replace(/:(\w+)/g, '{$1}')), `apps/api/src/${file}`);
    }
  }
  return found;
}

/** What the server answers: registry routes (and aliases) by route id, direct mounts by file. */
export function servedEndpoints(routes: readonly RouteDefinition[]): Map<string, string> {
  const served = directlyMounted();
  for (const route of routes) for (const path of [route.path, ...(route.aliases ?? [])]) served.set(endpointKey(route.method, path), route.id);
  return served;
}

export function cover(endpoints: readonly SdkEndpoint[], served: ReadonlyMap<string, string>, appwriteEndpoints: ReadonlySet<string>): CoveredEndpoint[] {
  return endpoints.map((endpoint) => {
    const key = endpointKey(endpoint.http, endpoint.path);
    const routeId = served.get(key);
    if (routeId) return { ...endpoint, coverage: { served: true, routeId } };
    const appwriteServes = appwriteEndpoints.has(key);
    const reason = deliberateGap(endpoint) ?? (appwriteServes ? 'not built yet' : "Appwrite's server (open source) has no such route");
    return { ...endpoint, coverage: { served: false, appwriteServes, reason } };
  });
}

/** The `METHOD /path` pairs to answer with general_not_implemented: SDK calls Appwrite serves and we do not. */
export function notImplementedPairs(covered: readonly CoveredEndpoint[]): string[] {
  const pairs = new Set<string>();
  for (const endpoint of covered) if (!endpoint.coverage.served && endpoint.coverage.appwriteServes) pairs.add(`${endpoint.http} ${endpoint.path}`);
  return [...pairs].sort();
}
