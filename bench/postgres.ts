/**
 * `npm run bench -- --postgres` or `npx node bench/postgres.ts [--size large|N --rounds 3 --duration 10
 * --connections 50 --warmup 3 --scenarios a,b,c --no-parse --parse-dir <d> --cpu-prof]`: scenarios
 * (a)–(c) on PostgreSQL (the data set seeded once per size by bench/postgres/dataset.ts) against a
 * raw `pg` baseline sending the same SQL (bench/servers/raw-postgres.ts), alternating rounds; then,
 * when bench/parse/setup.sh has installed it, the same load against Parse Server 9 on the same
 * PostgreSQL and rows (bench/parse/compare.ts). Reports req/s, p50, p99, server CPU and PostgreSQL
 * backend CPU per request. Not part of `npm test`.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pg from 'pg';
import { startServer, type ServerChild } from './children.ts';
import { runParseComparison } from './parse/compare.ts';
import { preparePostgresDataset } from './postgres/dataset.ts';
import { samplePostgresInputs } from './postgres/inputs.ts';
import { alternate, postgresCpuOf, type Target } from './postgres/measure.ts';
import { BENCH_CACHE, REPO_ROOT } from './prepare.ts';
import { fmt, pairedRatios, summarize, table } from './report.ts';
import { buildScenarios, HEADERS, type Scenario } from './scenarios.ts';

const TARGET_RATIO = 0.8;

const { values: options } = parseArgs({
  strict: false,
  options: {
    size: { type: 'string', default: 'large' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    scenarios: { type: 'string', default: 'a,b,c' },
    'no-parse': { type: 'boolean', default: false },
    'parse-dir': { type: 'string', default: process.env['PARSE_DIR'] ?? '/tmp/ballot-atlas-parse' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const positive = (name: string): number => {
  const value = Number(options[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got "${String(options[name])}"`);
  return value;
};
const settings = { connections: Math.round(positive('connections')), duration: positive('duration'), warmup: Number(options['warmup']), rounds: Math.round(positive('rounds')) };
const size = String(options['size']);
const wanted = new Set(String(options['scenarios']).split(',').map((part) => part.trim()));
const log = (line: string) => console.log(line);

async function getJson(server: ServerChild, path: string): Promise<{ status: number; body: unknown; bytes: number }> {
  const response = await fetch(server.baseUrl + path, { headers: HEADERS });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

/** Both servers must answer every benchmark request identically, or the comparison means nothing. */
async function checkEquivalent(scenario: Scenario, ours: ServerChild, raw: ServerChild): Promise<string> {
  const sample = scenario.paths.slice(0, 40);
  let bytes = 0;
  for (const path of sample) {
    const [a, b] = await Promise.all([getJson(ours, path), getJson(raw, path)]);
    if (a.status !== 200) throw new Error(`ours answered ${a.status} for ${path}: ${JSON.stringify(a.body)}`);
    if (a.status !== b.status || !isDeepStrictEqual(a.body, b.body)) {
      throw new Error(`ours and raw differ for ${path}\nours: ${JSON.stringify(a.body).slice(0, 600)}\nraw:  ${JSON.stringify(b.body).slice(0, 600)}`);
    }
    bytes += a.bytes;
  }
  return `${sample.length} requests identical (avg body ${(bytes / sample.length / 1024).toFixed(1)} KiB)`;
}

const dataset = await preparePostgresDataset(size, log);
log(`dataset: ${dataset.seedSummary}`);
log(`dataset: seed ${dataset.seedSeconds.toFixed(1)} s, ${(dataset.bytes / 1024 ** 2).toFixed(0)} MiB in PostgreSQL (${dataset.databaseUrl}, schema ${dataset.schema})`);
const admin = new pg.Client({ connectionString: dataset.databaseUrl });
await admin.connect();
const version = (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v;
const inputs = await samplePostgresInputs(admin, dataset.schema);
log(`environment: ${new Date().toUTCString()}, ${availableParallelism()} cores, node ${process.version}, PostgreSQL ${version}, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
log(`inputs: ${inputs.candidates} candidates; areas ${inputs.areas.map((area) => `${area.id} (${area.candidates})`).join(', ')}`);
const scenarios = buildScenarios(inputs).filter((scenario) => wanted.has(scenario.key));
log(`load: ${settings.connections} connections (closed loop), ${settings.warmup} s warm-up, ${settings.rounds} × ${settings.duration} s per server and scenario, alternating`);

const profileDir = join(BENCH_CACHE, 'profiles');
const profiling = options['cpu-prof'] === true;
if (profiling) mkdirSync(profileDir, { recursive: true });
const profilesBefore = new Set(profiling ? readdirSync(profileDir) : []);
const ours = await startServer('ours', join(REPO_ROOT, 'bench/servers/ours.ts'), [dataset.dataDir, JSON.stringify({ DATABASE_URL: dataset.databaseUrl, DATABASE_SCHEMA: dataset.schema })], profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
const raw = await startServer('raw', join(REPO_ROOT, 'bench/servers/raw-postgres.ts'), [dataset.databaseUrl, dataset.schema]);
const summaries: { scenario: Scenario; ours: ReturnType<typeof summarize>; raw: ReturnType<typeof summarize>; oursPg: number | undefined; rawPg: number | undefined; paired: string }[] = [];
try {
  for (const scenario of scenarios) {
    log(`\n${scenario.title}`);
    log(`  check: ${await checkEquivalent(scenario, ours, raw)}`);
    const targets: Target[] = [ours, raw].map((server) => ({ name: server.name, baseUrl: server.baseUrl, paths: scenario.paths, headers: HEADERS, pid: server.pid }));
    const runs = await alternate(admin, targets, settings, log);
    const [oursRuns, rawRuns] = [runs.get('ours')!, runs.get('raw')!];
    summaries.push({ scenario, ours: summarize(oursRuns), raw: summarize(rawRuns), oursPg: postgresCpuOf(oursRuns), rawPg: postgresCpuOf(rawRuns), paired: pairedRatios(oursRuns, rawRuns) });
  }
} finally {
  await ours.stop();
  await raw.stop();
}

log(`\n## ours vs raw pg on PostgreSQL (${settings.connections} connections, closed loop, ${settings.rounds} × ${settings.duration} s each; req/s over all rounds, median p50, worst p99)\n`);
log(
  table(
    ['scenario', 'ours req/s', 'ours p50', 'ours p99', 'raw req/s', 'raw p50', 'raw p99', 'ours/raw', 'per round', 'server CPU/req ours', 'raw', 'PostgreSQL CPU/req ours', 'raw'],
    summaries.map(({ scenario, ours: a, raw: b, oursPg, rawPg, paired }) => [
      scenario.title.split(' — ')[0]!,
      fmt.rps(a.rps), fmt.ms(a.p50), fmt.ms(a.p99),
      fmt.rps(b.rps), fmt.ms(b.p50), fmt.ms(b.p99),
      fmt.ratio(a.rps / b.rps), paired,
      fmt.cpu(a.cpuMs), fmt.cpu(b.cpuMs), fmt.cpu(oursPg), fmt.cpu(rawPg),
    ]),
  ),
);
const targets = summaries.map(({ scenario, ours: a, raw: b }) => {
  const ratio = a.rps / b.rps;
  return [`(${scenario.key}) ours/raw ≥ ${TARGET_RATIO}`, fmt.ratio(ratio), ratio >= TARGET_RATIO ? 'PASS' : `FAIL (${((1 - ratio / TARGET_RATIO) * 100).toFixed(0)}% short)`];
});
for (const { scenario, ours: a } of summaries) if (a.failures) targets.push([`(${scenario.key}) no failed requests`, String(a.failures), 'FAIL']);
log(`\n## targets (raw)\n\n${table(['target', 'measured', 'result'], targets)}`);

if (!options['no-parse']) {
  await runParseComparison({ parseDir: String(options['parse-dir']), dataset, scenarios, admin, settings, log });
}
await admin.end();

if (profiling) {
  const { summarizeProfile } = await import('./profile-summary.ts');
  for (const name of readdirSync(profileDir).filter((file) => file.endsWith('.cpuprofile') && !profilesBefore.has(file))) {
    log(`\n## CPU profile of our server: ${join(profileDir, name)}\n`);
    log(summarizeProfile(join(profileDir, name)));
  }
}
