/**
 * `npm run fuzz:site -- [--requests N] [--seed S]`: the site's fuzzing of `npm test`
 * (tests/e2e/site-fuzz.e2e.test.ts, 2,000 requests, fixed seed), longer or with another seed.
 * Starts its own server with the demo data (building the site first when stale), sends the
 * requests one after another, and exits 1 with fast-check's report (the seed, the smallest
 * failing request) at the first 5xx, stack trace, or 404 that is not the seed's 404 page.
 */
import { parseArgs } from 'node:util';
import { startE2EServer } from '../tests/e2e/support/server.ts';
import { fuzzSite, prepareWorld } from '../tests/e2e/support/site-fuzz.ts';

const usage = 'Usage: npm run fuzz:site -- [--requests N] [--seed S]';
const { values } = parseArgs({ options: { requests: { type: 'string', default: '20000' }, seed: { type: 'string' } } });
const requests = Number(values.requests);
const seed = Number(values.seed ?? Date.now() % 2 ** 31);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  console.error(usage);
  process.exit(2);
}

const server = await startE2EServer((line) => console.log(line));
let failed = false;
try {
  console.log(`site fuzz: ${requests} requests, seed ${seed}`);
  const report = await fuzzSite(server, { requests, seed, world: await prepareWorld(server) });
  console.log(`site fuzz: ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s, no 5xx; by status ${JSON.stringify(report.byStatus)}`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? `${error.message}\n${error.cause instanceof Error ? error.cause.message : ''}` : error);
} finally {
  await server.close();
}
process.exit(failed ? 1 : 0);
