/**
 * GraphQL against REST: `npx node bench/graphql.ts [--requests 600] [--concurrency 8] [--rounds 3] [--engines sqlite,postgres]`
 * (or `npm run bench -- --graphql`). Per engine: an in-process server (startTestServer) with the
 * site's schema and 25 candidates; a guest lists the 25 candidates by REST
 * (GET .../collections/candidates/documents) and by GraphQL (databasesListDocuments selecting every
 * field), alternating rounds of the same number of requests at the same concurrency. Reports
 * requests/s, median and p95 latency per round and the GraphQL/REST ratio of the medians. Abuse
 * limits are off (a guest may send 60 GraphQL requests a minute). Not part of `npm test`.
 */
import { parseArgs } from 'node:util';
import { siteSchemaCopy } from '../apps/api/test/support/site-schema-copy.ts';
import { postgresAvailable, startTestServer, TEST_API_KEY, TEST_PROJECT, type Engine } from '../apps/api/test/support/test-server.ts';

export interface GraphqlBenchOptions {
  requests: number;
  concurrency: number;
  rounds: number;
  engines: Engine[];
  log: (line: string) => void;
}

export const GRAPHQL_BENCH_DEFAULTS = { requests: 600, concurrency: 8, rounds: 3, engines: ['sqlite', 'postgres'] as Engine[] };

const CANDIDATES = 25;
const FIELDS = '_id _sequence _collectionId _databaseId _createdAt _updatedAt _permissions data';
const LIST_QUERY = `query { databasesListDocuments(databaseId: "main", collectionId: "candidates", queries: ["{\\"method\\":\\"limit\\",\\"values\\":[${CANDIDATES}]}"]) { total documents { ${FIELDS} } } }`;

interface Round {
  perSecond: number;
  medianMs: number;
  p95Ms: number;
}

async function seedCandidates(endpoint: string): Promise<void> {
  for (let index = 0; index < CANDIDATES; index++) {
    const response = await fetch(`${endpoint}/databases/main/collections/candidates/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY },
      body: JSON.stringify({
        documentId: `bench-candidate-${index}`,
        data: { name: `Candidate ${index}`, slug: `candidate-${index}`, officeId: 'office', electionId: 'election', status: 'nominated', ballotNumber: index + 1, bio: 'A short biography. '.repeat(10) },
      }),
    });
    if (response.status !== 201) throw new Error(`seeding candidate ${index}: ${response.status} ${await response.text()}`);
  }
}

/** Sends `requests` requests, `concurrency` at a time; every answer must list all candidates. */
async function measure(requests: number, concurrency: number, send: () => Promise<number>): Promise<Round> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const sent = performance.now();
        const listed = await send();
        latencies.push(performance.now() - sent);
        if (listed !== CANDIDATES) throw new Error(`listed ${listed} candidates, expected ${CANDIDATES}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))]!;
  return { perSecond: requests / seconds, medianMs: at(0.5), p95Ms: at(0.95) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function runEngine(engine: Engine, options: GraphqlBenchOptions): Promise<Record<string, unknown>> {
  const site = siteSchemaCopy((schema) => {
    schema['functions'] = [];
  });
  const server = await startTestServer({ engine, schemaFile: site.file, env: { ABUSE_LIMITS: 'disabled', LOG_LEVEL: 'warn' } });
  try {
    await seedCandidates(server.endpoint);
    const headers = { 'x-appwrite-project': TEST_PROJECT };
    const restUrl = `${server.endpoint}/databases/main/collections/candidates/documents?queries[]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [CANDIDATES] }))}`;
    const rest = async () => ((await (await fetch(restUrl, { headers })).json()) as { documents: unknown[] }).documents.length;
    const graphqlBody = JSON.stringify({ query: LIST_QUERY });
    const graphql = async () => {
      const response = await fetch(`${server.endpoint}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: graphqlBody });
      const result = (await response.json()) as { data?: { databasesListDocuments: { documents: unknown[] } }; errors?: unknown };
      if (!result.data) throw new Error(`GraphQL failed: ${JSON.stringify(result.errors)}`);
      return result.data.databasesListDocuments.documents.length;
    };
    await measure(100, options.concurrency, rest);
    await measure(100, options.concurrency, graphql);
    const restRounds: Round[] = [];
    const graphqlRounds: Round[] = [];
    for (let round = 0; round < options.rounds; round++) {
      restRounds.push(await measure(options.requests, options.concurrency, rest));
      graphqlRounds.push(await measure(options.requests, options.concurrency, graphql));
      const [r, g] = [restRounds.at(-1)!, graphqlRounds.at(-1)!];
      options.log(`[${engine}] round ${round + 1}: REST ${r.perSecond.toFixed(0)} req/s (median ${r.medianMs.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms); GraphQL ${g.perSecond.toFixed(0)} req/s (median ${g.medianMs.toFixed(1)} ms, p95 ${g.p95Ms.toFixed(1)} ms)`);
    }
    const summary = {
      engine,
      restPerSecond: median(restRounds.map((round) => round.perSecond)),
      graphqlPerSecond: median(graphqlRounds.map((round) => round.perSecond)),
      restMedianMs: median(restRounds.map((round) => round.medianMs)),
      graphqlMedianMs: median(graphqlRounds.map((round) => round.medianMs)),
    };
    options.log(`[${engine}] GraphQL/REST: throughput ×${(summary.graphqlPerSecond / summary.restPerSecond).toFixed(2)}, median latency ×${(summary.graphqlMedianMs / summary.restMedianMs).toFixed(2)}`);
    return { ...summary, restRounds, graphqlRounds };
  } finally {
    await server.close();
    site.remove();
  }
}

export async function runGraphqlBench(options: GraphqlBenchOptions): Promise<Record<string, unknown>[]> {
  const results: Record<string, unknown>[] = [];
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
  const { values } = parseArgs({ options: { requests: { type: 'string' }, concurrency: { type: 'string' }, rounds: { type: 'string' }, engines: { type: 'string' } } });
  await runGraphqlBench({
    requests: values.requests ? Number(values.requests) : GRAPHQL_BENCH_DEFAULTS.requests,
    concurrency: values.concurrency ? Number(values.concurrency) : GRAPHQL_BENCH_DEFAULTS.concurrency,
    rounds: values.rounds ? Number(values.rounds) : GRAPHQL_BENCH_DEFAULTS.rounds,
    engines: values.engines ? (values.engines.split(',') as Engine[]) : GRAPHQL_BENCH_DEFAULTS.engines,
    log: (line) => console.log(line),
  });
}
