import { sql } from 'kysely';
import { defineRoute } from '../../core/route.ts';
import type { Services } from '../../core/services.ts';
import { DatabaseUnavailableError } from '../../db/dialects/outage.ts';
import type { HealthStatus } from './dependency-health.ts';

export const getHealth = defineRoute({
  id: 'health.get',
  method: 'GET',
  path: '/health',
  summary: 'Liveness: the process answers.',
  scope: null,
  project: false,
  params: {},
  response: { status: 200, model: 'HealthStatus' },
  handler: async () => ({ name: 'http', ping: 0, status: 'pass' }),
});

export const getDatabaseHealth = defineRoute({
  id: 'health.getDB',
  method: 'GET',
  path: '/health/db',
  summary: 'Readiness: the database answers a query and writes are not failing; 503 `general_service_unavailable` while it is out of reach, full or read-only.',
  scope: null,
  project: false,
  params: {},
  response: { status: 200, model: 'HealthStatus' },
  handler: async ({ services }) => {
    const started = performance.now();
    await sql`select 1`.execute(services.dialect.db);
    const failingWrites = services.dialect.availability.failingWrites();
    if (failingWrites) throw new DatabaseUnavailableError(failingWrites);
    return { name: 'database', ping: Math.round(performance.now() - started), status: 'pass' };
  },
});

/** One dependency's check: answered like /health/db, open to a load balancer without a key. */
function dependencyRoute(id: string, path: string, summary: string, model: 'HealthStatus' | 'HealthStatusList', probe: (services: Services) => Promise<HealthStatus>) {
  return defineRoute({
    id,
    method: 'GET',
    path,
    summary,
    scope: null,
    project: false,
    params: {},
    response: { status: 200, model },
    handler: async ({ services }) => {
      const status = await probe(services);
      return model === 'HealthStatus' ? status : { total: 1, statuses: [status] };
    },
  });
}

export const getCacheHealth = dependencyRoute(
  'health.getCache',
  '/health/cache',
  'Redis (abuse limits) answers PING; `memory` without REDIS_URL. 503 `general_service_unavailable` while Redis is out of reach.',
  'HealthStatusList',
  (services) => services.health.cache(),
);

export const getPubSubHealth = dependencyRoute(
  'health.getPubSub',
  '/health/pubsub',
  'Redis (event wake-ups, realtime fan-out) takes a PUBLISH; `memory` without REDIS_URL. 503 `general_service_unavailable` while Redis is out of reach.',
  'HealthStatusList',
  (services) => services.health.pubsub(),
);

export const getStorageHealth = dependencyRoute(
  'health.getStorage',
  '/health/storage',
  'A tiny file is written, read back and removed through the file device (disk or S3); 503 `general_service_unavailable` when any step fails.',
  'HealthStatus',
  (services) => services.health.storage(),
);

export const getLocalStorageHealth = dependencyRoute(
  'health.getStorageLocal',
  '/health/storage/local',
  "DATA_DIR and this process's scratch folder exist and are readable and writable; 503 `general_service_unavailable` otherwise.",
  'HealthStatus',
  (services) => services.health.localStorage(),
);

export const ping = defineRoute({
  id: 'client.ping',
  method: 'GET',
  path: '/ping',
  summary: 'Answers `Pong!` so a client can check its endpoint and project.',
  // Appwrite's: held by guests, users and every API key.
  scope: 'global',
  params: {},
  response: { status: 200, contentType: 'text/plain' },
  handler: async () => 'Pong!',
});

export const healthRoutes = [getHealth, getDatabaseHealth, getCacheHealth, getPubSubHealth, getStorageHealth, getLocalStorageHealth, ping];
