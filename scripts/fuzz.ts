/**
 * `npm run fuzz -- [--requests N] [--seed S] [--engine sqlite|postgres] [--path P] [--limits]`:
 * the API fuzz of `npm test` (apps/api/test/integration/fuzz/api-fuzz.test.ts, fixed seed),
 * longer or with another seed. Starts a test server of its own (the fuzz schema, no seed data,
 * abuse limits off; --limits turns them on and fuzzes the routes that declare some), sends fuzzed
 * requests over every route of the registry, and prints the count, duration and statuses — or
 * fast-check's seed and path, the smallest failing request and the command that replays it
 * (--path replays just that case), and exits 1. FUZZ_ROUTES=1 adds statuses per route, error
 * types and the slowest routes.
 */
import { parseArgs } from 'node:util';
import { routes } from '../apps/api/src/core/registry.ts';
import { fuzzApi } from '../apps/api/test/fuzz/fuzz-runner.ts';
import { fuzzServerEnv, FUZZ_SCHEMA } from '../apps/api/test/fuzz/fuzz-server.ts';
import { postgresAvailable, startTestServer, type Engine } from '../apps/api/test/support/test-server.ts';

const usage = 'Usage: npm run fuzz -- [--requests N] [--seed S] [--engine sqlite|postgres] [--path P] [--limits]';
const { values } = parseArgs({
  options: { requests: { type: 'string', default: '20000' }, seed: { type: 'string' }, engine: { type: 'string', default: 'sqlite' }, path: { type: 'string' }, limits: { type: 'boolean', default: false } },
});
const requests = Number(values.requests);
const seed = Number(values.seed ?? Date.now() % 2 ** 31);
const engine = values.engine as Engine;
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed) || !['sqlite', 'postgres'].includes(engine)) {
  console.error(usage);
  process.exit(2);
}
if (engine === 'postgres' && !(await postgresAvailable())) {
  console.error('PostgreSQL does not answer at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}

const server = await startTestServer({ engine, schemaFile: FUZZ_SCHEMA, env: fuzzServerEnv({ abuseLimits: values.limits }) });
let failed = false;
try {
  console.log(`api fuzz: ${requests} requests, seed ${seed}, ${engine}, abuse limits ${values.limits ? 'on' : 'off'}${values.path ? `, path ${values.path}` : ''}`);
  const report = await fuzzApi(server, {
    requests,
    seed,
    ...(values.path ? { path: values.path } : {}),
    // With the limits on, the routes that declare some (as in npm test), so they are reached.
    ...(values.limits ? { routes: routes.filter((route) => route.abuse !== undefined) } : {}),
    log: (line) => console.log(line),
    replayHint: `npm run fuzz -- --engine ${engine}${values.limits ? ' --limits' : ''}`,
  });
  const statuses = Object.entries(report.byStatus).map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(`api fuzz: ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s (${Math.round(report.requests / (report.durationMs / 1000))}/s), no 5xx, no bad error shape, nothing written by ${report.refusedChecked} refused requests; ${report.accepted} accepted`);
  console.log(`statuses: ${statuses}`);
  console.log(`slowest answer: ${report.slowest.ms} ms (${report.slowest.route})`);
  const reached = Object.values(report.byRoute).filter((statuses) => Object.keys(statuses).some((status) => Number(status) < 400)).length;
  console.log(`routes: ${Object.keys(report.byRoute).length} fuzzed, ${reached} of them accepted at least one request`);
  if (process.env['FUZZ_ROUTES'] === '1') for (const [route, ms] of Object.entries(report.msByRoute).sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${Math.round(ms)} ms in ${route}`);
  if (process.env['FUZZ_ROUTES'] === '1') for (const [type, count] of Object.entries(report.byErrorType).sort((a, b) => b[1] - a[1])) console.log(`  ${count} × ${type}`);
  if (process.env['FUZZ_ROUTES'] === '1') for (const [route, statuses] of Object.entries(report.byRoute)) console.log(`  ${route}: ${JSON.stringify(statuses)}`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await server.close();
}
process.exit(failed ? 1 : 0);
