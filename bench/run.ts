/**
 * `npm run bench [-- --duration 10 --connections 50 ...]`: our API against a raw node:http +
 * better-sqlite3 baseline (and, with --directus, against Directus 12.4.0) on 1M candidates.
 * Not part of `npm test`. See bench/RESULTS.md for figures and bench/directus/setup.sh for Directus.
 * With --storage, also the storage section (bench/storage.ts, which runs alone too).
 * With --functions, also the functions section (bench/functions.ts, which runs alone too).
 * With --realtime, only the realtime section (bench/realtime.ts, which runs alone too): it needs
 * neither the data set nor the API scenarios.
 * With --messaging, only the messaging section (bench/messaging.ts, which runs alone too): one
 * message to 100,000 topic subscribers on SQLite and PostgreSQL.
 * With --graphql, only the GraphQL section (bench/graphql.ts, which runs alone too): 25 candidates
 * listed by GraphQL and by the same REST call.
 * With --lighthouse, only the Lighthouse section (bench/lighthouse.ts, which runs alone too).
 * With --search-page, only the site's search results page on 1M (bench/search-page.ts, which runs alone too).
 * With --increments, only the increments section (bench/increments.ts, which runs alone too): 100
 * increments/s from 50 clients on one document, counted, against plain updates at the same load.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { startServer, type ServerChild } from './children.ts';
import { runDirectusComparison } from './directus/compare.ts';
import { runLoad } from './load.ts';
import type { LoadResult } from './load-result.ts';
import { BENCH_CACHE, prepareDataset, REPO_ROOT } from './prepare.ts';
import { fmt, pairedRatios, summarize, table, type Summary } from './report.ts';
import { buildScenarios, HEADERS, sampleInputs, type Scenario } from './scenarios.ts';

const HELP = `usage: npm run bench -- [options]
  --duration <s>      seconds per measured run (default 10)
  --connections <n>   concurrent connections (default 50)
  --warmup <s>        warm-up seconds per server and scenario (default 3)
  --rounds <n>        measured runs per server and scenario, alternating ours/raw (default 3)
  --rate <n|a=n,b=n,c=n>  open loop: send n req/s (for every scenario, or per scenario) over at most
                      --connections sockets, latency counted from each request's due time
                      (default: closed loop with autocannon, each connection sends its next
                      request as soon as the previous answer arrives)
  --scenarios <list>  subset of a,b,c (default a,b,c)
  --size <size>       data set: large (1M candidates, default) or a candidate count
  --cpu-prof          profile our server child (.bench/profiles/*.cpuprofile; summary printed)
  --no-raw            skip the raw baseline (with --cpu-prof, to profile ours alone)
  --directus          also run scenario (a) against Directus (install: bench/directus/setup.sh)
  --directus-dir <d>  Directus scratch folder (default $DIRECTUS_DIR or /tmp/ballot-atlas-directus)
  --storage           also run the storage section: 100 MB upload in 5 MiB chunks and 400×300 WebP
                      previews, ours vs raw (alone: npx node bench/storage.ts)
  --functions         also run the functions section: PDF export of the biggest district and empty
                      executions through the API, cold and warm (alone: npx node bench/functions.ts)
  --realtime          only the realtime section: idle sockets, fan-out to subscribed sockets on
                      SQLite and on PostgreSQL + Redis over two processes, a bare ws floor
                      (alone: npx node bench/realtime.ts [--sockets --fanout --events --indexed --engines])
  --messaging         only the messaging section: one e-mail to a topic of 100,000 subscribers through
                      an in-process server and SMTP sink, on SQLite and PostgreSQL
                      (alone: npx node bench/messaging.ts [--subscribers --engines])
  --graphql           only the GraphQL section: a guest listing 25 candidates by GraphQL and by REST,
                      alternating rounds, on SQLite and PostgreSQL
                      (alone: npx node bench/graphql.ts [--requests --concurrency --rounds --engines])
  --increments        only the increments section: 100 increments/s from 50 clients on one document
                      (no lost update, count checked) against plain updates and read-modify-write
                      (alone: npx node bench/increments.ts [--rate --seconds --clients --engines])
  --capacity          only the capacity section: server CPU per page view, API read and result write
                      (the inputs of docs/deploy.md's capacity plan; alone: npx node bench/capacity.ts
                      [--size --duration --connections --writes])
  --workers           only the WORKERS section: scenario (a) through the real entry with WORKERS=1 and 2
                      on the same data set, alternating rounds (alone: npx node bench/workers.ts
                      [--size (default 100000) --duration --connections --rounds])
  --scale-out         only the scale-out section: scenario (a) on PostgreSQL + Redis, one process direct,
                      one behind nginx, three behind nginx (deploy/nginx/ballot-atlas.conf), alternating
                      rounds (alone: npx node bench/scale-out.ts [--size (default 100000) --duration
                      --connections --warmup --rounds (default 2)])
  --postgres          only the PostgreSQL section: scenarios (a)–(c) on PostgreSQL (data set seeded once per
                      size and cached in the ballot_bench_<size> database) against a raw \`pg\` baseline with the
                      same SQL, then against Parse Server 9 on the same rows ((b) on the terms Parse finds alike)
                      when bench/parse/setup.sh installed it; --no-parse skips Parse (alone: npx node bench/postgres.ts [--size --rounds
                      --duration --connections --warmup --scenarios --no-parse --parse-dir --cpu-prof])
  --s3                only the storage section on S3: our API on S3 (s3rver) against our API on disk,
                      20 MiB upload in 5 MiB chunks, cold and cached previews, alternating rounds
                      (alone: npx node bench/storage.ts --s3 [--rounds --previews --cached-seconds])
  --lighthouse        only the Lighthouse section: mobile preset on every kind of public page of a
                      demo-seeded production server, scores and failing audits (alone: npx node
                      bench/lighthouse.ts [--runs N], median of 3 by default; results in .bench/lighthouse.md)
  --search-page       only the search results page section: /search for the 24 terms of scenario (b) on the 1M
                      data, every kind and the candidates tab, wall and CPU per page (alone: npx node
                      bench/search-page.ts [--data (default .bench/sqlite-large) --rounds])
  --json <file>       also write all raw run results as JSON`;

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string' },
    scenarios: { type: 'string', default: 'a,b,c' },
    size: { type: 'string', default: 'large' },
    'cpu-prof': { type: 'boolean', default: false },
    'no-raw': { type: 'boolean', default: false },
    directus: { type: 'boolean', default: false },
    'directus-dir': { type: 'string', default: process.env['DIRECTUS_DIR'] ?? '/tmp/ballot-atlas-directus' },
    storage: { type: 'boolean', default: false },
    functions: { type: 'boolean', default: false },
    realtime: { type: 'boolean', default: false },
    messaging: { type: 'boolean', default: false },
    graphql: { type: 'boolean', default: false },
    increments: { type: 'boolean', default: false },
    capacity: { type: 'boolean', default: false },
    workers: { type: 'boolean', default: false },
    'scale-out': { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    'no-parse': { type: 'boolean', default: false },
    'parse-dir': { type: 'string' },
    lighthouse: { type: 'boolean', default: false },
    'search-page': { type: 'boolean', default: false },
    data: { type: 'string' },
    s3: { type: 'boolean', default: false },
    json: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  console.log(HELP);
  process.exit(0);
}
const positive = (name: string, text: string): number => {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got "${text}"`);
  return value;
};
const duration = positive('duration', options.duration);
const connections = Math.round(positive('connections', options.connections));
const warmup = Number(options.warmup);
const rounds = Math.round(positive('rounds', options.rounds));
/** Paced rate per scenario key ('*' for all), from `--rate 300` or `--rate a=300,b=20,c=800`. */
const rates = new Map<string, number>();
if (options.rate !== undefined) {
  for (const part of options.rate.split(',')) {
    const [key, value] = part.includes('=') ? part.split('=') : ['*', part];
    rates.set(key!.trim(), positive('rate', value ?? ''));
  }
}
const rateFor = (key: string): number | undefined => rates.get(key) ?? rates.get('*');
const wanted = new Set(options.scenarios.split(',').map((part) => part.trim()));

const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 20;

function environment(): string[] {
  const sqlite = (() => {
    const database = new Database(':memory:');
    try {
      return (database.prepare('select sqlite_version() as v').get() as { v: string }).v;
    } finally {
      database.close();
    }
  })();
  let cpu = '';
  try {
    cpu = execSync("grep -m1 'model name' /proc/cpuinfo", { encoding: 'utf8' }).split(':')[1]?.trim() ?? '';
  } catch {
    cpu = 'unknown';
  }
  return [
    `date: ${new Date().toUTCString()}`,
    `machine: ${availableParallelism()} cores (${cpu}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`,
    `node ${process.version}, SQLite ${sqlite} (better-sqlite3)`,
  ];
}

async function get(server: ServerChild, path: string): Promise<{ status: number; body: unknown; bytes: number }> {
  const response = await fetch(server.baseUrl + path, { headers: HEADERS });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

/** Both servers must answer every benchmark request identically, or the comparison means nothing. */
async function checkEquivalent(scenario: Scenario, ours: ServerChild, raw: ServerChild): Promise<string> {
  const sample = scenario.paths.slice(0, 40);
  let bytes = 0;
  const totals: number[] = [];
  for (const path of sample) {
    const [a, b] = await Promise.all([get(ours, path), get(raw, path)]);
    if (a.status !== 200) throw new Error(`ours answered ${a.status} for ${path}: ${JSON.stringify(a.body)}`);
    if (a.status !== b.status || !isDeepStrictEqual(a.body, b.body)) {
      throw new Error(`ours and raw differ for ${path}\nours: ${JSON.stringify(a.body).slice(0, 600)}\nraw:  ${JSON.stringify(b.body).slice(0, 600)}`);
    }
    bytes += a.bytes;
    const total = (a.body as { total?: unknown }).total;
    if (typeof total === 'number') totals.push(total);
  }
  const range = totals.length ? `, total ${Math.min(...totals)}–${Math.max(...totals)}` : '';
  return `${sample.length} requests identical (avg body ${(bytes / sample.length / 1024).toFixed(1)} KiB${range})`;
}

const log = (line: string) => console.log(line);
for (const line of environment()) log(line);
if (options.realtime) {
  const { ensureDescriptors } = await import('./realtime-sockets.ts');
  const { realtimeOptions, runRealtimeBench, REALTIME_BENCH_DEFAULTS } = await import('./realtime.ts');
  if (ensureDescriptors(REALTIME_BENCH_DEFAULTS.sockets + REALTIME_BENCH_DEFAULTS.fanout + 1_024)) {
    const realtime = await runRealtimeBench(realtimeOptions({}, log));
    if (options.json) writeFileSync(options.json, `${JSON.stringify({ realtime }, null, 2)}\n`);
  }
  process.exit();
}
if (options.graphql) {
  const { GRAPHQL_BENCH_DEFAULTS, runGraphqlBench } = await import('./graphql.ts');
  const graphql = await runGraphqlBench({ ...GRAPHQL_BENCH_DEFAULTS, log });
  if (options.json) writeFileSync(options.json, `${JSON.stringify({ graphql }, null, 2)}\n`);
  process.exit();
}
if (options.capacity) {
  // Its own options (--size, --duration …) are read from the same command line.
  await import('./capacity.ts');
  process.exit();
}
if (options.lighthouse) {
  await import('./lighthouse.ts');
  process.exit();
}
if (options['search-page']) {
  // Its own options (--data, --rounds) are read from the same command line.
  await import('./search-page.ts');
  process.exit();
}
if (options['scale-out']) {
  // Its own options (--size, --duration …) are read from the same command line.
  await import('./scale-out.ts');
  process.exit();
}
if (options.postgres) {
  // Its own options (--size, --duration, --no-parse …) are read from the same command line.
  await import('./postgres.ts');
  process.exit();
}
if (options.s3) {
  const { runStorageS3Bench } = await import('./storage.ts');
  const storage = await runStorageS3Bench({ rounds, sizeMb: (20 * 1024 * 1024) / 1_000_000, previews: 20, cachedSeconds: 5, log });
  if (options.json) writeFileSync(options.json, `${JSON.stringify({ storage }, null, 2)}\n`);
  process.exit();
}
if (options.workers) {
  // Its own options (--size, --duration …) are read from the same command line.
  await import('./workers.ts');
  process.exit();
}
if (options.increments) {
  const { INCREMENT_BENCH_DEFAULTS, runIncrementBench } = await import('./increments.ts');
  const increments = await runIncrementBench({ ...INCREMENT_BENCH_DEFAULTS, log });
  if (options.json) writeFileSync(options.json, `${JSON.stringify({ increments }, null, 2)}\n`);
  process.exit();
}
if (options.messaging) {
  const { MESSAGING_BENCH_DEFAULTS, runMessagingBench } = await import('./messaging.ts');
  const messaging = await runMessagingBench({ ...MESSAGING_BENCH_DEFAULTS, log });
  if (options.json) writeFileSync(options.json, `${JSON.stringify({ messaging }, null, 2)}\n`);
  process.exit();
}
const dataset = await prepareDataset(options.size, log);
log(`dataset: ${dataset.seedSummary}`);
log(`dataset: seed ${dataset.seedSeconds.toFixed(1)} s, database ${(dataset.bytes / 1024 ** 2).toFixed(1)} MiB (${dataset.file})`);
const inputs = sampleInputs(dataset.file);
log(`inputs: ${inputs.candidates} candidates; areas ${inputs.areas.map((area) => `${area.id} (${area.candidates})`).join(', ')}`);
const scenarios = buildScenarios(inputs).filter((scenario) => wanted.has(scenario.key));
const loadKind = rates.size ? `open loop at ${options.rate} req/s` : 'closed loop';
log(`load: ${connections} connections (${loadKind}), ${warmup} s warm-up, ${rounds} × ${duration} s per server and scenario, alternating`);

const profileDir = join(BENCH_CACHE, 'profiles');
const oursArgv = options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
if (options['cpu-prof']) mkdirSync(profileDir, { recursive: true });
const profilesBefore = new Set(options['cpu-prof'] ? readdirSync(profileDir) : []);

const ours = await startServer('ours', join(REPO_ROOT, 'bench/servers/ours.ts'), [dataset.dataDir], oursArgv);
const raw = options['no-raw'] ? undefined : await startServer('raw', join(REPO_ROOT, 'bench/servers/raw.ts'), [dataset.file]);
const results: Record<string, { ours: LoadResult[]; raw: LoadResult[] }> = {};
const summaries: { scenario: Scenario; ours: Summary; raw: Summary | undefined; paired: string }[] = [];

try {
  for (const scenario of scenarios) {
    const rate = rateFor(scenario.key);
    log(`\n${scenario.title}${rate ? ` — open loop at ${rate} req/s` : ''}`);
    if (raw) log(`  check: ${await checkEquivalent(scenario, ours, raw)}`);
    const load = (server: ServerChild, seconds: number) => runLoad({ baseUrl: server.baseUrl, paths: scenario.paths, headers: HEADERS, connections, duration: seconds, pid: server.pid, ...(rate ? { rate } : {}) });
    if (warmup > 0) {
      await load(ours, warmup);
      if (raw) await load(raw, warmup);
    }
    const runs = { ours: [] as LoadResult[], raw: [] as LoadResult[] };
    for (let round = 0; round < rounds; round++) {
      const order: ['ours' | 'raw', ServerChild][] = [['ours', ours]];
      if (raw) order.push(['raw', raw]);
      if (round % 2 === 1) order.reverse();
      for (const [name, server] of order) {
        const result = await load(server, duration);
        runs[name].push(result);
        const failures = result.errors + result.non2xx + result.timeouts;
        log(`  round ${round + 1} ${name.padEnd(4)} ${fmt.rps(result.rps).padStart(6)} req/s  p50 ${fmt.ms(result.p50)}  p90 ${fmt.ms(result.p90)}  p99 ${fmt.ms(result.p99)}  max ${fmt.ms(result.max)}  server CPU ${fmt.cpu(result.cpuMsPerRequest)}/req${failures ? `  FAILURES ${failures}` : ''}`);
      }
    }
    results[scenario.key] = runs;
    summaries.push({ scenario, ours: summarize(runs.ours), raw: raw ? summarize(runs.raw) : undefined, paired: raw ? pairedRatios(runs.ours, runs.raw) : '' });
  }
} finally {
  await ours.stop();
  await raw?.stop();
}

log(`\n## ours vs raw (${connections} connections, ${loadKind}, ${rounds} × ${duration} s each; req/s over all rounds, median p50, worst p99)\n`);
log(
  table(
    ['scenario', 'ours req/s', 'ours p50', 'ours p99', 'raw req/s', 'raw p50', 'raw p99', 'ours/raw', 'per round'],
    summaries.map(({ scenario, ours: a, raw: b, paired }) => [
      scenario.title.split(' — ')[0]!,
      fmt.rps(a.rps),
      fmt.ms(a.p50),
      fmt.ms(a.p99),
      b ? fmt.rps(b.rps) : '–',
      b ? fmt.ms(b.p50) : '–',
      b ? fmt.ms(b.p99) : '–',
      b && !rateFor(scenario.key) ? fmt.ratio(a.rps / b.rps) : '–',
      rateFor(scenario.key) ? 'open loop' : paired,
    ]),
  ),
);
log(`\nServer CPU per request (user+system time of the server process / requests answered; unlike req/s, barely moved by other load on the machine):\n`);
log(
  table(
    ['scenario', 'ours CPU/req', 'raw CPU/req', 'raw/ours (CPU efficiency)'],
    summaries.map(({ scenario, ours: a, raw: b }) => [
      scenario.title.split(' — ')[0]!,
      fmt.cpu(a.cpuMs),
      b ? fmt.cpu(b.cpuMs) : '–',
      b && a.cpuMs && b.cpuMs ? fmt.ratio(b.cpuMs / a.cpuMs) : '–',
    ]),
  ),
);
const targets: string[][] = [];
for (const { scenario, ours: a, raw: b } of summaries) {
  // The throughput ratio only means something when both servers run flat out (closed loop).
  if (b && !rateFor(scenario.key) && (scenario.key === 'a' || scenario.key === 'c')) {
    const ratio = a.rps / b.rps;
    targets.push([`(${scenario.key}) ours/raw ≥ ${TARGET_RATIO}`, fmt.ratio(ratio), ratio >= TARGET_RATIO ? 'PASS' : `FAIL (${((1 - ratio / TARGET_RATIO) * 100).toFixed(0)}% short)`]);
  }
  targets.push([`(${scenario.key}) ours p99 ≤ ${TARGET_P99_MS} ms`, fmt.ms(a.p99), a.p99 <= TARGET_P99_MS ? 'PASS' : `FAIL (+${fmt.ms(a.p99 - TARGET_P99_MS)})`]);
  if (a.failures) targets.push([`(${scenario.key}) no failed requests`, String(a.failures), 'FAIL']);
}
log(`\n## targets\n\n${table(['target', 'measured', 'result'], targets)}`);
if (!rates.size) {
  const rawP99 = summaries.filter((entry) => entry.raw).map((entry) => `(${entry.scenario.key}) ${fmt.ms(entry.raw!.p99)}`);
  log(
    `\nnote: closed loop means each of the ${connections} connections always has one request in flight, so mean latency ≈ ${connections} / throughput` +
      ` (Little's law): p99 ≤ ${TARGET_P99_MS} ms needs well over ${fmt.rps((connections * 1000) / TARGET_P99_MS)} req/s.` +
      (rawP99.length ? ` The raw baseline's p99 in this run: ${rawP99.join(', ')}.` : '') +
      ' Use --rate for latency at a fixed offered load.',
  );
}

let directusResults: unknown;
if (options.directus) {
  const area = scenarios.find((scenario) => scenario.key === 'a') ?? buildScenarios(inputs)[0]!;
  directusResults = await runDirectusComparison({
    directusDir: options['directus-dir'],
    dataDir: dataset.dataDir,
    areas: inputs.areas,
    oursPaths: area.paths,
    connections,
    duration,
    warmup,
    rounds,
    ...(rateFor('a') ? { rate: rateFor('a') } : {}),
    log,
  });
}

let storageResults: unknown;
if (options.storage) {
  const { runStorageBench } = await import('./storage.ts');
  log('\n## storage (bench/storage.ts)\n');
  storageResults = await runStorageBench({ rounds, sizeMb: 100, previews: 20, log });
}

let functionsResults: unknown;
if (options.functions) {
  const { runFunctionsBench, FUNCTIONS_BENCH_DEFAULTS } = await import('./functions.ts');
  log('\n## functions (bench/functions.ts)\n');
  functionsResults = await runFunctionsBench({ ...FUNCTIONS_BENCH_DEFAULTS, size: options.size, log });
}

if (options['cpu-prof']) {
  const { summarizeProfile } = await import('./profile-summary.ts');
  for (const name of readdirSync(profileDir).filter((file) => file.endsWith('.cpuprofile') && !profilesBefore.has(file))) {
    log(`\n## CPU profile of our server: ${join(profileDir, name)}\n`);
    log(summarizeProfile(join(profileDir, name)));
  }
}
if (options.json) writeFileSync(options.json, `${JSON.stringify({ connections, rate: options.rate, duration, rounds, warmup, dataset, inputs: { areas: inputs.areas, terms: inputs.terms }, results, directus: directusResults, storage: storageResults, functions: functionsResults }, null, 2)}\n`);
