/**
 * `npm run bench -- --scale-out [--size 100000 --duration 10 --connections 50 --rounds 2]`: scenario
 * (a) on PostgreSQL (a fresh schema of the `test` database, seeded by scripts/seed.ts, dropped at the
 * end) and Redis, through the real entry (apps/api/src/main.ts, WORKERS=1 per process), three ways:
 *   (i)   one server process addressed directly (plain HTTP);
 *   (ii)  the same process behind nginx (deploy/nginx/ballot-atlas.conf, HTTPS with a self-signed
 *         certificate: its port 80 only redirects, and autocannon does not check certificates);
 *   (iii) three processes behind a second nginx with the same configuration.
 * Rounds alternate the order (i ii iii, then iii ii i). CPU per request is read from /proc for the
 * servers, their PostgreSQL backends and nginx, so it holds even though everything shares the cores.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '@ballot-atlas/shared/node/free-port';
import { httpCall } from '../apps/api/test/integration/scale-out/support/http-call.ts';
import { nginxBinary, startNginx, type NginxProxy } from '../apps/api/test/integration/scale-out/support/nginx-proxy.ts';
import { startServerProcess, type ServerProcess } from '../apps/api/test/integration/scale-out/support/server-process.ts';
import { TEST_REDIS_URL } from '../apps/api/test/support/redis-available.ts';
import { POSTGRES_URL } from '../apps/api/test/support/test-server.ts';
import { cpuSeconds, processTree, readLoadSettings, runLoad, treeCpuSeconds } from './load.ts';
import type { LoadResult } from './load-result.ts';
import { backendCpuDelta, backendCpuSeconds } from './postgres-backends.ts';
import { REPO_ROOT } from './prepare.ts';
import { fmt, pairedRatios, summarize, table } from './report.ts';
import { buildScenarios, HEADERS, SEARCH_TERMS, type Inputs } from './scenarios.ts';

const { size, duration, connections, warmup, rounds } = readLoadSettings(2);

const schema = `bench_scale_${process.pid}_${Date.now().toString(36)}`;
const scratch = mkdtempSync(join(tmpdir(), 'ballot-bench-scale-'));
const database = { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema };

function seed(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/seed.ts', '--size', size, '--reset'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...database, DATA_DIR: join(scratch, 'seed'), LOG_LEVEL: 'warn', SEED: 'none' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`scripts/seed.ts exited with ${code}:\n${output}`))));
  });
}

/** Twelve areas spread over the range of candidates per area, as sampleInputs picks them from SQLite. */
async function sampleAreas(client: pg.Client, count = 12): Promise<Inputs['areas']> {
  const { rows } = await client.query<{ id: string; candidates: number }>(
    `select "electoralAreaId" as id, count(*)::int as candidates from "${schema}".main_candidates where "electoralAreaId" <> '' group by 1 order by 2, 1`,
  );
  if (rows.length === 0) throw new Error('no candidate has an electoral area');
  const picks = Math.min(count, rows.length);
  return Array.from({ length: picks }, (_, index) => rows[Math.floor(((index + 0.5) * rows.length) / picks)]!);
}

/** The nginx master our process started just now (its workers are its children). */
async function startNginxTracked(binary: string, upstreamPorts: number[], assetsRoot: string): Promise<{ proxy: NginxProxy; pid: number }> {
  const before = new Set(processTree(process.pid));
  const proxy = await startNginx(binary, { upstreamPorts, assetsRoot, httpPort: await freePort(), httpsPort: await freePort() });
  const pid = processTree(process.pid).find((member) => !before.has(member) && readFileSync(`/proc/${member}/comm`, 'utf8').trim() === 'nginx' && readFileSync(`/proc/${member}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(process.pid));
  if (!pid) throw new Error('could not find the nginx master process in /proc');
  return { proxy, pid };
}

interface Layout {
  name: string;
  baseUrl: string;
  ca?: string;
  nginxPid?: number;
}

interface Measured extends LoadResult {
  nginxCpuMs: number | undefined;
  postgresCpuMs: number | undefined;
  /** autocannon's (this process's) CPU: TLS costs the client too. */
  clientCpuMs: number | undefined;
}

const binary = nginxBinary();
if (!binary) throw new Error('nginx is missing and cannot be installed here (apt-get install nginx, as root)');
const admin = new pg.Client({ connectionString: POSTGRES_URL });
await admin.connect();
const servers: ServerProcess[] = [];
const proxies: NginxProxy[] = [];
try {
  const seeded = await seed();
  const summary = seeded.split('\n').filter((line) => line.startsWith('seeded ') || line.startsWith('time '));
  console.log(`scale-out: ${summary.join('; ')} (schema ${schema})`);
  const scenario = buildScenarios({ areas: await sampleAreas(admin), ids: [], terms: SEARCH_TERMS, candidates: 0 }).find((candidate) => candidate.key === 'a')!;
  const env = (port: number) => ({
    ...database,
    NODE_ENV: 'production',
    WORKERS: '1',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(scratch, `server-${port}-`)),
    REDIS_URL: TEST_REDIS_URL,
    SEED: 'none',
    ABUSE_LIMITS: 'disabled',
    ACCESS_LOG: 'off',
    LOG_LEVEL: 'warn',
  });
  for (let index = 0; index < 3; index++) {
    const port = await freePort();
    servers.push(await startServerProcess(port, env(port)));
  }
  const assetsRoot = mkdtempSync(join(scratch, 'assets-'));
  const one = await startNginxTracked(binary, [servers[0]!.port], assetsRoot);
  const three = await startNginxTracked(binary, servers.map((server) => server.port), assetsRoot);
  proxies.push(one.proxy, three.proxy);
  const layouts: Layout[] = [
    { name: '(i) 1 process, direct', baseUrl: `http://127.0.0.1:${servers[0]!.port}` },
    { name: '(ii) 1 process, nginx', baseUrl: one.proxy.origin, ca: one.proxy.ca, nginxPid: one.pid },
    { name: '(iii) 3 processes, nginx', baseUrl: three.proxy.origin, ca: three.proxy.ca, nginxPid: three.pid },
  ];
  for (const layout of layouts) {
    const reply = await httpCall(`${layout.baseUrl}${scenario.paths[0]}`, { headers: HEADERS, ...(layout.ca ? { ca: layout.ca } : {}) });
    if (reply.status !== 200) throw new Error(`${layout.name} answered ${reply.status}: ${reply.text().slice(0, 300)}`);
  }
  console.log(`${scenario.title}; ${availableParallelism()} cores, ${connections} connections, ${rounds} rounds of ${duration} s after ${warmup} s warm-up each`);
  for (const layout of layouts) await runLoad({ baseUrl: layout.baseUrl, paths: scenario.paths, headers: HEADERS, connections, duration: warmup });

  const results = new Map<Layout, Measured[]>(layouts.map((layout) => [layout, []]));
  for (let round = 0; round < rounds; round++) {
    for (const layout of round % 2 === 0 ? layouts : [...layouts].reverse()) {
      // Every server process counts, also the idle ones in (i) and (ii): their background work is part of the layout's cost.
      const serversCpu = () => servers.reduce((sum, server) => sum + treeCpuSeconds(server.pid), 0);
      const cpuBefore = serversCpu();
      const nginxBefore = layout.nginxPid ? treeCpuSeconds(layout.nginxPid) : 0;
      const serverPids = new Set(servers.flatMap((server) => processTree(server.pid)));
      const postgresBefore = await backendCpuSeconds(admin, serverPids);
      const clientBefore = cpuSeconds(process.pid) ?? 0;
      const measured = await runLoad({ baseUrl: layout.baseUrl, paths: scenario.paths, headers: HEADERS, connections, duration });
      const clientAfter = cpuSeconds(process.pid) ?? 0;
      const postgresAfter = await backendCpuSeconds(admin, serverPids);
      const perRequest = (seconds: number) => (measured.requests > 0 ? (seconds * 1000) / measured.requests : undefined);
      const result: Measured = {
        ...measured,
        cpuMsPerRequest: perRequest(serversCpu() - cpuBefore),
        nginxCpuMs: layout.nginxPid ? perRequest(treeCpuSeconds(layout.nginxPid) - nginxBefore) : undefined,
        postgresCpuMs: perRequest(backendCpuDelta(postgresBefore, postgresAfter)),
        clientCpuMs: perRequest(clientAfter - clientBefore),
      };
      results.get(layout)!.push(result);
      console.log(`  round ${round + 1}, ${layout.name}: ${fmt.rps(result.rps)} req/s, p50 ${fmt.ms(result.p50)}, p99 ${fmt.ms(result.p99)}, servers ${fmt.cpu(result.cpuMsPerRequest)}/request, PostgreSQL ${fmt.cpu(result.postgresCpuMs)}/request, nginx ${layout.nginxPid ? fmt.cpu(result.nginxCpuMs) : '–'}/request, autocannon ${fmt.cpu(result.clientCpuMs)}/request, failures ${result.errors + result.non2xx + result.timeouts}, load average ${loadavg()[0]!.toFixed(1)}`);
    }
  }

  const [direct, proxied, spread] = layouts.map((layout) => results.get(layout)!) as [Measured[], Measured[], Measured[]];
  /** Weighted by requests, as summarize() does for the servers' CPU. */
  const cpuOf = (runs: Measured[], field: 'nginxCpuMs' | 'postgresCpuMs' | 'clientCpuMs') => {
    const requests = runs.reduce((sum, run) => sum + run.requests, 0);
    return requests > 0 ? runs.reduce((sum, run) => sum + (run[field] ?? 0) * run.requests, 0) / requests : undefined;
  };
  const rows = layouts.map((layout) => {
    const runs = results.get(layout)!;
    const summary = summarize(runs);
    const ratio = layout === layouts[1] ? `(ii)/(i) ×${(summary.rps / summarize(direct).rps).toFixed(2)} (${pairedRatios(proxied, direct)})` : layout === layouts[2] ? `(iii)/(ii) ×${(summary.rps / summarize(proxied).rps).toFixed(2)} (${pairedRatios(spread, proxied)})` : '';
    return [layout.name, fmt.rps(summary.rps), fmt.ms(summary.p50), fmt.ms(summary.p99), fmt.cpu(summary.cpuMs), fmt.cpu(cpuOf(runs, 'postgresCpuMs')), layout.nginxPid ? fmt.cpu(cpuOf(runs, 'nginxCpuMs')) : '–', fmt.cpu(cpuOf(runs, 'clientCpuMs')), String(summary.failures), ratio];
  });
  console.log(`\n${table(['layout', 'req/s', 'p50', 'p99', 'servers CPU/request', 'PostgreSQL CPU/request', 'nginx CPU/request', 'autocannon CPU/request', 'failures', 'ratio (per round)'], rows)}`);
} finally {
  for (const proxy of proxies) await proxy.stop();
  await Promise.all(servers.map((server) => server.stop('SIGTERM')));
  await admin.query(`drop schema if exists "${schema}" cascade`).catch((error: unknown) => console.error(`could not drop schema ${schema}: ${String(error)}`));
  await admin.end();
  rmSync(scratch, { recursive: true, force: true });
}
