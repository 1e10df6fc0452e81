/**
 * `npm run bench -- --workers [--size 100000 --duration 10 --connections 50 --rounds 3]`: scenario
 * (a) (list by electoral area) against the real entry, apps/api/src/main.ts, with WORKERS=1 and
 * WORKERS=2 on the same cached SQLite data set, alternating rounds (ABBA). Throughput ratio per
 * round pair; the machine's core count bounds what a second worker can add (the load generator
 * runs on the same cores).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { freePort } from '@ballot-atlas/shared/node/free-port';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { cpuSeconds, readLoadSettings, runLoad, treeCpuSeconds } from './load.ts';
import type { LoadResult } from './load-result.ts';
import { prepareDataset, REPO_ROOT, SQLITE_NAME } from './prepare.ts';
import { fmt, pairedRatios, summarize, table } from './report.ts';
import { buildScenarios, HEADERS, sampleInputs } from './scenarios.ts';

const { size, duration, connections, warmup, rounds } = readLoadSettings(3);

interface Cluster {
  workers: number;
  baseUrl: string;
  child: ChildProcess;
}

/** main.ts with WORKERS=n on the data set; resolves once the primary (or the only process) says it listens. */
async function startEntry(workers: number, dataDir: string, port: number): Promise<Cluster> {
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, WORKERS: String(workers), DATA_DIR: dataDir, PORT: String(port), SEED: 'none', ABUSE_LIMITS: 'disabled', ACCESS_LOG: 'off', LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = workers > 1 ? 'workers listening' : 'Server listening';
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => line.includes(ready) && resolve());
    child.once('exit', (code) => reject(new Error(`WORKERS=${workers} exited with ${code} before listening`)));
  });
  return { workers, baseUrl: `http://127.0.0.1:${port}`, child };
}

async function stop(cluster: Cluster): Promise<void> {
  const exited = new Promise((resolve) => cluster.child.once('exit', resolve));
  cluster.child.kill('SIGTERM');
  await exited;
}

const dataset = await prepareDataset(size);
const scenario = buildScenarios(sampleInputs(`${dataset.dataDir}/${SQLITE_NAME}`)).find((candidate) => candidate.key === 'a')!;
console.log(`workers: ${scenario.title}; ${dataset.seedSummary}`);
// One after the other: the first applies the schema (a no-op on the cached set), the second finds it.
const one = await startEntry(1, dataset.dataDir, await freePort());
const two = await startEntry(2, dataset.dataDir, await freePort());
const results = new Map<number, LoadResult[]>([[1, []], [2, []]]);
/** The primary's part of the cluster's CPU (it hands connections over and relays IPC). */
const primaryShare: number[] = [];
try {
  for (const cluster of [one, two]) await runLoad({ baseUrl: cluster.baseUrl, paths: scenario.paths, headers: HEADERS, connections, duration: warmup });
  for (let round = 0; round < rounds; round++) {
    // ABBA: each pair has one run first and one second, so a drift of the machine's load cancels out.
    for (const cluster of round % 2 === 0 ? [one, two] : [two, one]) {
      // CPU of the primary and every worker: what one request costs the server, whatever else runs on the machine.
      const cpuBefore = treeCpuSeconds(cluster.child.pid!);
      const primaryBefore = cpuSeconds(cluster.child.pid) ?? 0;
      const measured = await runLoad({ baseUrl: cluster.baseUrl, paths: scenario.paths, headers: HEADERS, connections, duration });
      const treeMs = (treeCpuSeconds(cluster.child.pid!) - cpuBefore) * 1000;
      const result = { ...measured, cpuMsPerRequest: measured.requests > 0 ? treeMs / measured.requests : undefined };
      results.get(cluster.workers)!.push(result);
      if (cluster.workers > 1) primaryShare.push(((cpuSeconds(cluster.child.pid) ?? 0) - primaryBefore) * 1000 / treeMs);
      console.log(`  round ${round + 1}, WORKERS=${cluster.workers}: ${fmt.rps(result.rps)} req/s, p50 ${fmt.ms(result.p50)}, p99 ${fmt.ms(result.p99)}, server CPU ${fmt.cpu(result.cpuMsPerRequest)}/request, failures ${result.errors + result.non2xx + result.timeouts}`);
    }
  }
} finally {
  await Promise.all([stop(one), stop(two)]);
}
const single = summarize(results.get(1)!);
const double = summarize(results.get(2)!);
console.log(`\nthe primary used ${primaryShare.map((share) => `${(share * 100).toFixed(1)} %`).join(', ')} of the cluster's CPU per round`);
console.log(`${availableParallelism()} cores; ${connections} connections, ${rounds} rounds of ${duration} s, autocannon on the same machine\n`);
console.log(
  table(
    ['WORKERS', 'req/s', 'p50', 'p99', 'server CPU/request', 'failures', '×WORKERS=1 (per round pair)'],
    [
      ['1', fmt.rps(single.rps), fmt.ms(single.p50), fmt.ms(single.p99), fmt.cpu(single.cpuMs), String(single.failures), ''],
      ['2', fmt.rps(double.rps), fmt.ms(double.p50), fmt.ms(double.p99), fmt.cpu(double.cpuMs), String(double.failures), `×${(double.rps / single.rps).toFixed(2)} (${pairedRatios(results.get(2)!, results.get(1)!)})`],
    ],
  ),
);
