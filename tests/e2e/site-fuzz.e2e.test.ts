/**
 * The site fuzzed (issue 11, item 1): a bounded, fixed-seed run of tests/e2e/support/site-fuzz.ts
 * against a server of its own (form actions write contact messages and accounts, and use up the
 * API's abuse limits for 127.0.0.1, which the shared server's other tests need). Longer runs:
 * `npm run fuzz:site -- --requests N --seed S`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2EServer, type E2EServer } from './support/server.ts';
import { fuzzSite, prepareWorld, type FuzzWorld } from './support/site-fuzz.ts';

const REQUESTS = Number(process.env['SITE_FUZZ_REQUESTS'] ?? 2_000);
const SEED = Number(process.env['SITE_FUZZ_SEED'] ?? 20_261_125);

let server: E2EServer;
let world: FuzzWorld;

beforeAll(async () => {
  server = await startE2EServer(() => {});
  world = await prepareWorld(server);
});

afterAll(async () => {
  await server?.close();
});

describe('the site under hostile input', () => {
  it(`${REQUESTS} fuzzed requests (seed ${SEED}): never a 5xx or a stack trace, 404s are the seed's 404 page, the server stays up`, async () => {
    const report = await fuzzSite(server, { requests: REQUESTS, seed: SEED, world });
    console.log(`site fuzz: ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s, by status ${JSON.stringify(report.byStatus)}`);
    expect(report.requests).toBe(REQUESTS);
    // The run must reach the pages and actions, not only bounce off the HTTP parser.
    expect(report.byStatus['200'] ?? 0).toBeGreaterThan(REQUESTS / 20);
    expect(report.byStatus['404'] ?? 0).toBeGreaterThan(REQUESTS / 20);
  }, 300_000);
});
