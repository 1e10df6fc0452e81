/**
 * Atomic increments under contention: `npx node bench/increments.ts [--rate 100] [--seconds 10] [--clients 50] [--engines sqlite,postgres]`
 * (or `npm run bench -- --increments`). Per engine: an in-process server (startTestServer) with the
 * site's schema and one candidate; 50 clients share an open-loop load of `rate` requests/s on that
 * one candidate's `votes`:
 *   - increment: PATCH …/documents/{id}/votes/increment — afterwards `votes` must equal the number
 *     of answered increments (no lost update);
 *   - baseline: the same load of plain updates (PATCH …/documents/{id} setting `votes`), the same
 *     write path without the atomic step, as the ratio's denominator;
 *   - read-modify-write: what a client without increments does (GET, then PATCH votes + 1): the
 *     count it loses shows what the atomic step prevents.
 * Reports answered requests/s, median and p99 latency, and the counts. Not part of `npm test`.
 */
import { parseArgs } from 'node:util';
import { siteSchemaCopy } from '../apps/api/test/support/site-schema-copy.ts';
import { postgresAvailable, startTestServer, TEST_API_KEY, TEST_PROJECT, type Engine } from '../apps/api/test/support/test-server.ts';

export interface IncrementBenchOptions {
  rate: number;
  seconds: number;
  clients: number;
  engines: Engine[];
  log: (line: string) => void;
}

export const INCREMENT_BENCH_DEFAULTS = { rate: 100, seconds: 10, clients: 50, engines: ['sqlite', 'postgres'] as Engine[] };

const CANDIDATE = 'bench-votes';
const KEY_HEADERS = { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY };

interface Phase {
  answered: number;
  failed: number;
  perSecond: number;
  medianMs: number;
  p99Ms: number;
}

/**
 * Open loop: request i is due at i / rate seconds; each of `clients` takes the next due request
 * when it is free, so at most `clients` are in flight and a slow server shows as latency, not as a
 * lower offered load.
 */
async function openLoop(options: IncrementBenchOptions, send: () => Promise<boolean>): Promise<Phase> {
  const total = options.rate * options.seconds;
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (next < total) {
        const due = started + (next++ / options.rate) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const sent = performance.now();
        if (await send()) latencies.push(performance.now() - sent);
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
  return { answered: latencies.length, failed, perSecond: latencies.length / seconds, medianMs: at(0.5), p99Ms: at(0.99) };
}

function describe(phase: Phase): string {
  return `${phase.answered} answered (${phase.failed} failed), ${phase.perSecond.toFixed(0)}/s, median ${phase.medianMs.toFixed(1)} ms, p99 ${phase.p99Ms.toFixed(1)} ms`;
}

async function runEngine(engine: Engine, options: IncrementBenchOptions): Promise<Record<string, unknown>> {
  const site = siteSchemaCopy((schema) => {
    // tally-race would answer every votes change with writes of its own: the load here is the increments alone.
    schema['functions'] = [];
  });
  const server = await startTestServer({ engine, schemaFile: site.file, env: { ABUSE_LIMITS: 'disabled', LOG_LEVEL: 'warn' } });
  const documentUrl = `${server.endpoint}/databases/main/collections/candidates/documents/${CANDIDATE}`;
  const votes = async () => ((await (await fetch(documentUrl, { headers: KEY_HEADERS })).json()) as { votes: number }).votes;
  const setVotes = (value: number) => fetch(documentUrl, { method: 'PATCH', headers: KEY_HEADERS, body: JSON.stringify({ data: { votes: value } }) });
  try {
    const created = await fetch(`${server.endpoint}/databases/main/collections/candidates/documents`, {
      method: 'POST',
      headers: KEY_HEADERS,
      body: JSON.stringify({ documentId: CANDIDATE, data: { name: 'Bench Votes', slug: CANDIDATE, officeId: 'office', electionId: 'election', status: 'nominated', ballotNumber: 1, votes: 0 } }),
    });
    if (created.status !== 201) throw new Error(`creating the candidate: ${created.status} ${await created.text()}`);

    const baseline = await openLoop(options, async () => (await setVotes(7)).ok);
    options.log(`[${engine}] plain update:      ${describe(baseline)}`);

    if (!(await setVotes(0)).ok) throw new Error('resetting votes failed');
    const increment = await openLoop(options, async () => (await fetch(`${documentUrl}/votes/increment`, { method: 'PATCH', headers: KEY_HEADERS, body: JSON.stringify({ value: 1 }) })).ok);
    const counted = await votes();
    options.log(`[${engine}] increment:         ${describe(increment)}; votes ${counted} of ${increment.answered} answered → ${counted === increment.answered ? 'no lost update' : `${increment.answered - counted} LOST`}`);

    if (!(await setVotes(0)).ok) throw new Error('resetting votes failed');
    const readModifyWrite = await openLoop(options, async () => (await setVotes((await votes()) + 1)).ok);
    const naive = await votes();
    options.log(`[${engine}] read-modify-write: ${describe(readModifyWrite)}; votes ${naive} of ${readModifyWrite.answered} → ${readModifyWrite.answered - naive} lost`);
    options.log(`[${engine}] increment / plain update: median latency ×${(increment.medianMs / baseline.medianMs).toFixed(2)}, p99 ×${(increment.p99Ms / baseline.p99Ms).toFixed(2)}`);
    if (counted !== increment.answered) throw new Error(`[${engine}] lost increments: ${counted} counted of ${increment.answered}`);
    return { engine, baseline, increment, counted, readModifyWrite, readModifyWriteCounted: naive };
  } finally {
    await server.close();
    site.remove();
  }
}

export async function runIncrementBench(options: IncrementBenchOptions): Promise<Record<string, unknown>[]> {
  const results: Record<string, unknown>[] = [];
  options.log(`increments: ${options.rate}/s for ${options.seconds} s from ${options.clients} clients on one candidate, per phase`);
  for (const engine of options.engines) {
    if (engine === 'postgres' && !(await postgresAvailable())) {
      options.log('[postgres] not reachable: skipped');
      continue;
    }
    results.push(await runEngine(engine, options));
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { rate: { type: 'string' }, seconds: { type: 'string' }, clients: { type: 'string' }, engines: { type: 'string' } } });
  await runIncrementBench({
    rate: values.rate ? Number(values.rate) : INCREMENT_BENCH_DEFAULTS.rate,
    seconds: values.seconds ? Number(values.seconds) : INCREMENT_BENCH_DEFAULTS.seconds,
    clients: values.clients ? Number(values.clients) : INCREMENT_BENCH_DEFAULTS.clients,
    engines: values.engines ? (values.engines.split(',') as Engine[]) : INCREMENT_BENCH_DEFAULTS.engines,
    log: (line) => console.log(line),
  });
}
