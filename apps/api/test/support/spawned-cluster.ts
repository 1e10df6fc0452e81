/**
 * Starts the real entry (apps/api/src/main.ts) with WORKERS=N on a fresh SQLite DATA_DIR and
 * collects its JSON log lines, so tests see which worker answered (each line carries its pid).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '@ballot-atlas/shared/node/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const CLUSTER_API_KEY = 'cluster-test-operator-key-0123456789abcdef';

export interface LogLine {
  level: number;
  /** Epoch milliseconds. */
  time: number;
  pid: number;
  msg: string;
  role?: string;
  status?: number;
  route?: string;
  [field: string]: unknown;
}

export interface SpawnedCluster {
  endpoint: string;
  primaryPid: number;
  workerPids: number[];
  lines: LogLine[];
  /** Non-JSON output (stderr, anything else). */
  text(): string;
  /** Resolves with the first log line `test` accepts, already written or still to come. */
  waitFor(test: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine>;
  /** Resolves with the primary's exit code once it has exited. */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  remove(): void;
}

export async function spawnCluster(workers: number, env: Record<string, string> = {}): Promise<SpawnedCluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ballot-cluster-'));
  const port = await freePort();
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'WORKERS', 'NODE_ENV', 'LOG_LEVEL', 'PORT', 'DATA_DIR', 'SEED']) delete inherited[name];
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: { ...inherited, WORKERS: String(workers), DATA_DIR: dataDir, PORT: String(port), SEED: 'demo', API_KEY: CLUSTER_API_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let text = '';
  const waiters = new Set<(line: LogLine) => void>();
  const take = (raw: string) => {
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      text += `${raw}\n`;
      return;
    }
    lines.push(line);
    for (const waiter of waiters) waiter(line);
  };
  createInterface({ input: child.stdout! }).on('line', take);
  createInterface({ input: child.stderr! }).on('line', (raw) => (text += `${raw}\n`));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (test: (line: LogLine) => boolean, timeoutMs: number) =>
    new Promise<LogLine>((resolve, reject) => {
      const seen = lines.find(test);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no such log line within ${timeoutMs} ms; output: ${text.slice(-2000)}`));
      }, timeoutMs);
      const waiter = (line: LogLine) => {
        if (!test(line)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(line);
      };
      waiters.add(waiter);
      void exited.then(() => {
        if (!waiters.delete(waiter)) return;
        clearTimeout(timer);
        reject(new Error(`the cluster exited; output: ${text.slice(-2000)}`));
      });
    });
  const started = await waitFor((line) => line.role === 'primary' && line.msg.includes('workers listening'), 120_000);
  const workerPids = (/workers ([\d, ]+)\)/.exec(started.msg)?.[1] ?? '').split(', ').map(Number);
  return {
    endpoint: `http://127.0.0.1:${port}/v1`,
    primaryPid: child.pid!,
    workerPids,
    lines,
    text: () => text,
    waitFor,
    exited,
    kill: (signal) => child.kill(signal),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Whether a process with this pid still exists. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Drains a cluster that is still running (SIGTERM to its primary), then removes its data. */
export async function stopCluster(cluster: SpawnedCluster | undefined): Promise<void> {
  if (!cluster) return;
  if (processAlive(cluster.primaryPid)) {
    cluster.kill('SIGTERM');
    await cluster.exited;
  }
  cluster.remove();
}
