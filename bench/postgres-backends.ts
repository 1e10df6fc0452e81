/**
 * CPU time of the PostgreSQL backends that serve given client processes: their connections to
 * port 5432 from `ss -tnp`, matched to backend pids by client port in pg_stat_activity, each
 * backend's CPU from /proc (PostgreSQL on this machine). A backend that closes during a run takes
 * its CPU time with it, so pools that keep their connections (as under load) are measured fully.
 */
import { spawnSync } from 'node:child_process';
import type pg from 'pg';
import { cpuSeconds } from './load.ts';

/** Local ports of the TCP connections to :5432 that the given processes hold. */
function clientPorts(clientPids: ReadonlySet<number>): number[] {
  const listed = spawnSync('ss', ['-tnpH', 'dport = :5432'], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`ss failed: ${listed.stderr}`);
  const ports: number[] = [];
  for (const line of listed.stdout.split('\n')) {
    const local = /^\S+\s+\d+\s+\d+\s+\S+:(\d+)\s/.exec(line);
    const owners = [...line.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]));
    if (local && owners.some((pid) => clientPids.has(pid))) ports.push(Number(local[1]));
  }
  return ports;
}

/** CPU seconds used so far by each backend (by backend pid) serving `clientPids`. */
export async function backendCpuSeconds(admin: pg.Client, clientPids: ReadonlySet<number>): Promise<Map<number, number>> {
  const ports = clientPorts(clientPids);
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where client_port = any($1::int[])', [ports]);
  return new Map(rows.map((row) => [row.pid, cpuSeconds(row.pid) ?? 0]));
}

/** CPU seconds the backends used between two readings (a backend new since `before` counts from its start). */
export function backendCpuDelta(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}
