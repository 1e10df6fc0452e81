/**
 * `npm run soak -- --minutes N [--rate R] [--engine sqlite|postgres] [--seed S]` (issue 11, item 9):
 * starts the server as `npm start` does (demo data, site and API) in a child process, runs a mixed
 * open-loop load at R requests a second (bench/soak/mix.ts) for N minutes, and prints per minute
 * the requests, errors (5xx, network errors, timeouts and any unexpected status), p50 and p99
 * latency and the server's RSS and CPU; then a summary and the verdict: PASS needs 0 errors and RSS
 * growing less than 10 % from minute 2 to the last. Exits 1 on FAIL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { snapshotWebBuild } from '../tests/e2e/support/web-build.ts';
import { SoakClient } from '../bench/soak/http-client.ts';
import { MinuteStats, verdict } from '../bench/soak/minute-stats.ts';
import { createMix, seededRandom } from '../bench/soak/mix.ts';
import { runOpenLoop } from '../bench/soak/open-loop.ts';
import { cpuSeconds, residentKiB } from '../bench/soak/process-sample.ts';
import { minuteTable, operationTable, progressLine } from '../bench/soak/report.ts';
import { freePort } from '@ballot-atlas/shared/node/free-port';
import { startServerChild } from '../bench/soak/server-child.ts';
import { prepareWorld } from '../bench/soak/world.ts';
import { buildWebIfNeeded, REPO_ROOT } from './web-build.ts';

const usage = 'Usage: npm run soak -- --minutes N [--rate R] [--engine sqlite|postgres] [--seed S]';
const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, rate: { type: 'string', default: '30' }, engine: { type: 'string', default: 'sqlite' }, seed: { type: 'string', default: '20261125' } },
});
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const seed = Number(values.seed);
const engine = values.engine;
if (!Number.isInteger(minutes) || minutes < 1 || !(rate > 0) || !Number.isInteger(seed) || (engine !== 'sqlite' && engine !== 'postgres')) {
  console.error(usage);
  process.exit(2);
}

buildWebIfNeeded();
// A private copy: a rebuild started elsewhere during the run cannot change the site under the server.
const build = snapshotWebBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'ballot-atlas-soak-'));
const postgresUrl = process.env['SOAK_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgresSchema = `soak_${process.pid}`;
const port = await freePort();
const apiKey = `soak-${randomBytes(24).toString('hex')}`;
const serverEnv: Record<string, string> = {
  PATH: process.env['PATH'] ?? '',
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  SCHEMA_FILE: join(REPO_ROOT, 'appwrite.json'),
  WEB_BUILD_DIR: build.directory,
  API_KEY: apiKey,
  SEED: 'demo',
  LOG_LEVEL: 'warn',
  // A production server's limits, set explicitly: the load speaks as hundreds of visitors (mix.ts), so
  // none of them meets a per-address limit; the API key's writes and uploads are not limited.
  ABUSE_LIMITS: 'enabled',
  GUEST_SEARCH_RATE: '240/60',
  GUEST_PREVIEW_RATE: '300/60',
  UPLOADS_IN_PROGRESS_PER_USER: '10',
  TRUST_PROXY: 'loopback',
  ...(engine === 'postgres' ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: postgresSchema } : {}),
};
// For a closer look at memory, e.g. SOAK_SERVER_NODE_ARGS=--trace-gc (its lines go to the server's log).
const serverNodeArgs = (process.env['SOAK_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);

async function dropPostgresSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${postgresSchema}" cascade`);
  } finally {
    await client.end();
  }
}

const started = Date.now();
console.log(`soak: ${minutes} min at ${rate} req/s on ${engine} (seed ${seed}); starting the server with the demo data…`);
const server = await startServerChild(REPO_ROOT, dataDir, serverEnv, serverNodeArgs).catch(async (error: unknown) => {
  console.error(`soak: ${error instanceof Error ? error.message : String(error)}`);
  if (engine === 'postgres') await dropPostgresSchema().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  build.dispose();
  process.exit(1);
});
const client = new SoakClient(server.url, 64);
let exitCode = 1;
try {
  const world = await prepareWorld(client, { apiKey, repoRoot: REPO_ROOT, serverEnv });
  console.log(`soak: server pid ${server.pid} ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${world.candidatePages.length} candidate pages, ${world.areaPages.length} area pages, ${world.photoIds.length} photos); load starts`);

  const stats = new MinuteStats();
  const failures = new Map<string, number>();
  const nextStep = createMix(world, seededRandom(seed));
  const timers: NodeJS.Timeout[] = [];
  let loadStart = 0;
  const minuteNow = () => Math.min(minutes, Math.floor((performance.now() - loadStart) / 60_000) + 1);
  const memory = setInterval(() => {
    if (!server.exited()) stats.noteRss(minuteNow(), residentKiB(server.pid));
  }, 1000);
  await runOpenLoop(
    {
      rate,
      durationMs: minutes * 60_000,
      client,
      nextStep,
      record(sample, detail) {
        stats.add(sample);
        if (!sample.ok) {
          const key = `${sample.operation}: ${detail.status || detail.failure}${detail.errorType ? ` ${detail.errorType}` : ''}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      },
    },
    (startedAt) => {
      loadStart = startedAt;
      stats.setStartCpu(cpuSeconds(server.pid));
      // The last minute's CPU is read when the schedule ends (below).
      for (let minute = 1; minute < minutes; minute++) {
        timers.push(setTimeout(() => void (!server.exited() && stats.noteCpu(minute, cpuSeconds(server.pid))), startedAt + minute * 60_000 - performance.now()));
        // Printed a little later, once most of the minute's requests have answered.
        timers.push(setTimeout(() => console.log(progressLine(stats.rows(minutes)[minute - 1]!)), startedAt + minute * 60_000 + 3_000 - performance.now()));
      }
    },
  );
  clearInterval(memory);
  if (!server.exited()) {
    stats.noteRss(minutes, residentKiB(server.pid));
    stats.noteCpu(minutes, cpuSeconds(server.pid));
  }
  for (const timer of timers) clearTimeout(timer);

  const rows = stats.rows(minutes);
  const total = stats.total();
  const result = verdict(rows);
  console.log(`\n${minuteTable(rows)}\n\n${operationTable(stats.operations())}\n`);
  console.log(`total: ${total.requests} requests, ${total.errors} errors, p50 ${total.p50Ms.toFixed(1)} ms, p99 ${total.p99Ms.toFixed(1)} ms`);
  for (const [failure, count] of failures) console.log(`  error ×${count}: ${failure}`);
  if (server.exited()) console.log(`the server exited during the run; its log: ${server.logFile}`);
  console.log(result.text);
  exitCode = result.pass && !server.exited() ? 0 : 1;
} finally {
  client.close();
  const code = await server.stop();
  if (code !== 0) console.log(`the server's exit code on SIGTERM was ${code} (log: ${server.logFile})`);
  if (engine === 'postgres') await dropPostgresSchema().catch((error: unknown) => console.log(`could not drop schema ${postgresSchema}: ${String(error)}`));
  if (exitCode === 0) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`data and server log kept in ${dataDir}`);
  build.dispose();
}
process.exit(exitCode);
