// The API fuzz in `npm test` (issue 11, item 1): fast-check drives every route of the registry
// from its declared parameters — valid, boundary and hostile values, as a guest, a user and the
// API key, with odd headers and broken bodies — over real HTTP, with a fixed seed. Each answer:
// no 5xx, Appwrite's error shape with a catalogued type, no stack or path; a refused request
// writes nothing; afterwards the server is healthy and the sentinel document unchanged.
// `npm run fuzz -- --requests N --seed S [--engine postgres] [--limits]` runs longer.
import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/core/registry.ts';
import { schemaChangeRoutes } from '../../../src/services/schema-reads/schema-change-routes.ts';
import { fuzzApi, type FuzzReport } from '../../fuzz/fuzz-runner.ts';
import { FUZZ_SCHEMA, fuzzServerEnv } from '../../fuzz/fuzz-server.ts';
import { postgresAvailable, startTestServer, type Engine } from '../../support/test-server.ts';

const SEED = 20261125;
const postgresUp = await postgresAvailable();

interface Run {
  engine: Engine;
  requests: number;
  abuseLimits: boolean;
}

const runs: Run[] = [
  { engine: 'sqlite', requests: 10_000, abuseLimits: false },
  { engine: 'postgres', requests: 8_000, abuseLimits: false },
  // With the limits on, as in production, over the routes that declare some (so they are reached):
  // 429s must keep the same shape and refuse without writing.
  { engine: 'sqlite', requests: 3_000, abuseLimits: true },
];

const limitedRoutes = routes.filter((route) => route.abuse !== undefined);
/** Declared only to answer that the schema is code (appwrite.json): no request may succeed there. */
const refusedByDesign = new Set(schemaChangeRoutes.map((route) => route.id));

function summary(report: FuzzReport): string {
  const statuses = Object.entries(report.byStatus).map(([status, count]) => `${status}×${count}`).join(' ');
  return `${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s, ${report.accepted} accepted, ${report.refusedChecked} refused with the store unchanged; ${statuses}`;
}

describe('API fuzz (fixed seed)', () => {
  for (const run of runs) {
    const title = `${run.requests} requests over ${run.abuseLimits ? 'every route with abuse limits, limits on' : 'every route, limits off'}, on ${run.engine}`;
    it.skipIf(run.engine === 'postgres' && !postgresUp)(
      title,
      async () => {
        const server = await startTestServer({ engine: run.engine, schemaFile: FUZZ_SCHEMA, env: fuzzServerEnv({ abuseLimits: run.abuseLimits }) });
        try {
          const fuzzed = run.abuseLimits ? limitedRoutes : routes;
          const report = await fuzzApi(server, { requests: run.requests, seed: SEED, routes: fuzzed, replayHint: `npm run fuzz -- --engine ${run.engine}${run.abuseLimits ? ' --limits' : ''}` });
          console.log(`api fuzz [${run.engine}${run.abuseLimits ? ', limits on' : ''}]: ${summary(report)}`);
          expect(report.requests).toBe(run.requests);
          // Every route was sent requests, and most of them got far enough to accept some.
          expect(Object.keys(report.byRoute).length).toBe(fuzzed.length);
          const reached = Object.entries(report.byRoute).filter(([id, statuses]) => !refusedByDesign.has(id) && Object.keys(statuses).some((status) => Number(status) < 400));
          const reachable = fuzzed.filter((route) => !refusedByDesign.has(route.id));
          expect(reached.length, `routes that accepted some request: ${reached.length} of ${reachable.length}`).toBeGreaterThan(reachable.length / 2);
          if (run.abuseLimits) expect(report.byStatus['429']).toBeGreaterThan(0);
          else expect(report.byStatus['429']).toBeUndefined();
        } finally {
          await server.close();
        }
      },
      // A ceiling for a loaded machine; alone on two cores the three runs take about 40 s together.
      300_000,
    );
  }
});
