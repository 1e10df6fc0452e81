/**
 * Runs the API fuzz against a test server: prepares the world, lets fast-check generate
 * `requests` requests over every route (seeded, so a run can be replayed), sends them one after
 * another, and checks each answer (no 5xx, Appwrite's error shape, no stack or path) and that a
 * refused request wrote nothing. Afterwards the server must still be healthy and the sentinel
 * document unchanged. A failure throws a report with the seed, fast-check's path, the smallest
 * failing request and how to replay it.
 */
import fc from 'fast-check';
import { routes as allRoutes } from '../../src/core/registry.ts';
import type { RouteDefinition } from '../../src/core/route.ts';
import type { TestServer } from '../support/test-server.ts';
import { FuzzWorld } from './fuzz-world.ts';
import { NoAnswer, send } from './http-send.ts';
import { emptyReport, failureReport, PropertyFailure, recordAnswer, type FuzzReport } from './fuzz-report.ts';
import { describeCase, materialise, type WorldView } from './request-encoding.ts';
import { problemWith } from './response-checks.ts';
import { fuzzCase, type FuzzCase } from './route-arbitraries.ts';
import { difference, StoreFingerprints, type Fingerprint } from './store-fingerprint.ts';
import { valueHints } from './value-hints.ts';

export interface FuzzOptions {
  requests: number;
  seed: number;
  /** fast-check's path of a failure, to replay just it. */
  path?: string;
  /** The longest wait for one answer. */
  timeoutMs?: number;
  routes?: readonly RouteDefinition[];
  /** Put the world back (and sign in again) this often, when accepted writes may have changed it. */
  repairEvery?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** How to replay, printed with a failure (e.g. the npm command with the engine). */
  replayHint?: string;
}

export type { FuzzReport };

export async function fuzzApi(server: TestServer, options: FuzzOptions): Promise<FuzzReport> {
  // A refused request must change nothing: timed sweeps (expired transactions, storage scratch, the
  // outbox) change the store between two fingerprints whatever the request did, so they stop here.
  await server.app.periodic.stop();
  const world = new FuzzWorld(server);
  await world.prepare();
  const { services } = server.app;
  const { hints, hostile } = valueHints(services.schema);
  const arbitrary = fuzzCase(options.routes ?? allRoutes, hints, hostile).map((value) => Object.assign(value, { [fc.toStringMethod]: () => describeCase(value) }));
  const timeoutMs = options.timeoutMs ?? 20_000;
  const repairEvery = options.repairEvery ?? 200;
  const view = (): WorldView => ({ projectId: world.projectId, apiKey: world.apiKey, session: world.session, jwt: world.jwt, png: world.png, lookup: world.lookup });
  const report = emptyReport();
  const fingerprints = await StoreFingerprints.open(services, server.config);
  let baseline: Fingerprint | undefined;
  let changedSinceRepair = false;
  let sinceRepair = 0;
  let sessionSuspect = false;
  const started = Date.now();

  const check = async (fuzz: FuzzCase): Promise<void> => {
    if (++sinceRepair >= repairEvery && changedSinceRepair) {
      await world.repair();
      sinceRepair = 0;
      changedSinceRepair = false;
      sessionSuspect = false;
      baseline = undefined;
    } else if (sessionSuspect) {
      // The user may have signed out, been blocked or turned MFA on: without a session, user requests would all be a guest's.
      await world.repairSession();
      sessionSuspect = false;
      baseline = undefined;
    }
    const request = materialise(fuzz, view());
    baseline ??= await fingerprints.take();
    let answer;
    const sentAt = performance.now();
    try {
      answer = await send(server.url, request, timeoutMs);
    } catch (error) {
      if (error instanceof NoAnswer) throw new PropertyFailure(error.message, request);
      throw error;
    }
    const problem = problemWith(request.method, answer);
    if (problem) throw new PropertyFailure(`${problem}: ${answer.body.subarray(0, 500).toString('utf8')}`, request);
    recordAnswer(report, fuzz.route.id, request.method, answer, performance.now() - sentAt);
    if (report.requests % 1_000 === 0) options.log?.(`  ${report.requests} requests, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (fuzz.caller === 'user' && answer.status === 401) sessionSuspect = true;
    if (answer.status < 400) {
      baseline = undefined;
      changedSinceRepair = true;
      return;
    }
    const after = await fingerprints.take();
    const written = difference(baseline, after);
    baseline = after;
    report.refusedChecked++;
    if (written) throw new PropertyFailure(`a refused request (${answer.status} ${answer.body.subarray(0, 200).toString('utf8')}) wrote to the store: ${written}`, request);
  };

  let details: fc.RunDetails<[FuzzCase]>;
  try {
    details = await fc.check(fc.asyncProperty(arbitrary, check), {
      numRuns: options.requests,
      seed: options.seed,
      ...(options.path ? { path: options.path } : {}),
    });
  } finally {
    await fingerprints.close();
  }
  report.durationMs = Date.now() - started;
  if (details.failed) throw new Error(failureReport(details, options.requests, options.replayHint ?? 'npm run fuzz --', report));
  await assertHealthy(world);
  return report;
}

/** After the fuzz: health and the database check answer 200, and the sentinel document reads as it was written. */
async function assertHealthy(world: FuzzWorld): Promise<void> {
  for (const path of ['/health', '/health/db']) {
    const answer = await world.call('GET', path);
    if (answer.status !== 200) throw new Error(`after the fuzz, GET /v1${path} → ${answer.status} ${JSON.stringify(answer.json)}`);
  }
  const sentinel = world.sentinel!;
  const answer = await world.call('GET', sentinel.path);
  const unchanged = answer.status === 200 && Object.entries(sentinel.data).every(([key, value]) => JSON.stringify(answer.json[key]) === JSON.stringify(value));
  if (!unchanged) throw new Error(`after the fuzz, the sentinel document ${sentinel.path} → ${answer.status} ${JSON.stringify(answer.json)}`);
}
