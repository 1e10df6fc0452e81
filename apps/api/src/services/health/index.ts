import { sql } from 'kysely';
import { defineRoute } from '../../core/route.ts';
import { DatabaseUnavailableError } from '../../db/dialects/outage.ts';

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

export const healthRoutes = [getHealth, getDatabaseHealth, ping];
