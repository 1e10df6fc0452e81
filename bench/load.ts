/** One autocannon run against one server, rotating through request paths (one counter shared by all connections). */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { runPaced } from './paced.ts';
import type { LoadResult } from './load-result.ts';

const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU seconds a process (all its threads) has used so far; undefined without /proc. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** A process and every descendant (cluster workers, function workers), from /proc. */
export function processTree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) children.push(...text.split(' ').map(Number));
    }
  } catch {
    return [];
  }
  return [pid, ...children.flatMap(processTree)];
}

/** CPU seconds used so far by a process and its descendants alive now. */
export function treeCpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + (cpuSeconds(member) ?? 0), 0);
}

export interface LoadOptions {
  baseUrl: string;
  paths: readonly string[];
  headers: Record<string, string>;
  connections: number;
  duration: number;
  /** Open-loop load at this many requests per second (bench/paced.ts); unset = autocannon, closed loop. */
  rate?: number;
  /** Server process id, to measure its CPU time during the run. */
  pid?: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const paths = options.paths;
  if (options.rate) {
    const cpuBefore = cpuSeconds(options.pid);
    const result = await runPaced({ ...options, rate: options.rate });
    const cpuAfter = cpuSeconds(options.pid);
    return { ...result, cpuMsPerRequest: cpuBefore !== undefined && cpuAfter !== undefined && result.requests > 0 ? ((cpuAfter - cpuBefore) * 1000) / result.requests : undefined };
  }
  const started = performance.now();
  const cpuBefore = cpuSeconds(options.pid);
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.duration,
    timeout: 30,
    headers: options.headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length]!;
          return request;
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(options.pid);
  const ok = result['2xx'];
  return {
    requests: ok,
    seconds,
    rps: ok / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    cpuMsPerRequest: cpuBefore !== undefined && cpuAfter !== undefined && ok > 0 ? ((cpuAfter - cpuBefore) * 1000) / ok : undefined,
  };
}

/** The closed-loop settings a comparison bench reads from its command line (`--size --duration --connections --warmup --rounds`). */
export function readLoadSettings(defaultRounds: number): { size: string; duration: number; connections: number; warmup: number; rounds: number } {
  const { values } = parseArgs({
    strict: false,
    options: {
      size: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '3' },
      rounds: { type: 'string', default: String(defaultRounds) },
    },
  });
  return { size: String(values.size), duration: Number(values.duration), connections: Number(values.connections), warmup: Number(values.warmup), rounds: Number(values.rounds) };
}
