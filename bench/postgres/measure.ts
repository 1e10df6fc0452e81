/** One load run against one server on PostgreSQL: the load result plus the CPU its PostgreSQL backends used. */
import type pg from 'pg';
import { processTree, runLoad } from '../load.ts';
import type { LoadResult } from '../load-result.ts';
import { backendCpuDelta, backendCpuSeconds } from '../postgres-backends.ts';
import { fmt } from '../report.ts';

export interface Target {
  name: string;
  baseUrl: string;
  paths: readonly string[];
  headers: Record<string, string>;
  pid: number;
}

export interface PostgresRun extends LoadResult {
  /** CPU ms per successful request of the PostgreSQL backends serving the server's connections. */
  postgresCpuMs: number | undefined;
}

export async function measureRun(admin: pg.Client, target: Target, connections: number, duration: number): Promise<PostgresRun> {
  const clients = () => new Set(processTree(target.pid));
  const before = await backendCpuSeconds(admin, clients());
  const result = await runLoad({ baseUrl: target.baseUrl, paths: target.paths, headers: target.headers, connections, duration, pid: target.pid });
  const after = await backendCpuSeconds(admin, clients());
  return { ...result, postgresCpuMs: result.requests > 0 ? (backendCpuDelta(before, after) * 1000) / result.requests : undefined };
}

/** PostgreSQL backend CPU per request over several runs, weighted by requests as summarize() weighs the server's. */
export function postgresCpuOf(runs: readonly PostgresRun[]): number | undefined {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  if (requests === 0 || runs.some((run) => run.postgresCpuMs === undefined)) return undefined;
  return runs.reduce((sum, run) => sum + run.postgresCpuMs! * run.requests, 0) / requests;
}

export function roundLine(round: number, name: string, result: PostgresRun): string {
  const failures = result.errors + result.non2xx + result.timeouts;
  return `  round ${round + 1} ${name.padEnd(5)} ${fmt.rps(result.rps).padStart(6)} req/s  p50 ${fmt.ms(result.p50)}  p90 ${fmt.ms(result.p90)}  p99 ${fmt.ms(result.p99)}  max ${fmt.ms(result.max)}  server CPU ${fmt.cpu(result.cpuMsPerRequest)}/req  PostgreSQL ${fmt.cpu(result.postgresCpuMs)}/req${failures ? `  FAILURES ${failures}` : ''}`;
}

/** Runs every target `rounds` times, reversing the order every other round (ABBA), after a warm-up of each. */
export async function alternate(admin: pg.Client, targets: readonly Target[], settings: { connections: number; duration: number; warmup: number; rounds: number }, log: (line: string) => void): Promise<Map<string, PostgresRun[]>> {
  if (settings.warmup > 0) for (const target of targets) await runLoad({ ...target, connections: settings.connections, duration: settings.warmup });
  const runs = new Map<string, PostgresRun[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < settings.rounds; round++) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      const result = await measureRun(admin, target, settings.connections, settings.duration);
      runs.get(target.name)!.push(result);
      log(roundLine(round, target.name, result));
    }
  }
  return runs;
}
