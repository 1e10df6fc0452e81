/**
 * Open-loop load at a fixed rate: request i is due at start + i/rate whatever happened before, and
 * its latency counts from that due time (so waiting for a free connection is included, no
 * coordinated omission). autocannon's own rate option fires each connection's quota in a burst at
 * the start of every second and corrects with a 1 ms expected interval, which makes its paced
 * percentiles meaningless; this is the replacement for `--rate`.
 */
import { Agent, request } from 'node:http';
import type { LoadResult } from './load-result.ts';

export interface PacedOptions {
  baseUrl: string;
  paths: readonly string[];
  headers: Record<string, string>;
  connections: number;
  duration: number;
  rate: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runPaced(options: PacedOptions): Promise<Omit<LoadResult, 'cpuMsPerRequest'>> {
  const url = new URL(options.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const interval = 1000 / options.rate;
  const total = Math.floor(options.rate * options.duration);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let timeouts = 0;
  let pending = 0;
  let sent = 0;
  const start = performance.now() + 5;

  const fire = (index: number, due: number): void => {
    pending++;
    let finished = false;
    const done = (outcome: 'ok' | 'error' | 'status' | 'timeout') => {
      if (finished) return;
      finished = true;
      if (outcome === 'ok') latencies.push(performance.now() - due);
      else if (outcome === 'status') non2xx++;
      else if (outcome === 'timeout') timeouts++;
      else errors++;
      pending--;
    };
    const req = request({ agent, host: url.hostname, port: url.port, path: options.paths[index % options.paths.length], headers: options.headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => done(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300 ? 'ok' : 'status'));
      res.on('error', () => done('error'));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => {
      req.destroy();
      done('timeout');
    });
    req.on('error', () => done('error'));
    req.end();
  };

  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        fire(sent, start + sent * interval);
        sent++;
      }
      if (sent >= total) return resolve();
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(tick, 5);
  });
  while (pending > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors,
    non2xx,
    timeouts,
  };
}
