/** Aggregation of rounds and the markdown tables bench/run.ts prints. */
import type { LoadResult } from './load-result.ts';

export interface Summary {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** Server CPU ms per request over all rounds (undefined without /proc). */
  cpuMs: number | undefined;
}

/** Rounds combined: throughput over all rounds, median of the p50s, worst p99 (conservative for the target). */
export function summarize(rounds: readonly LoadResult[]): Summary {
  const requests = rounds.reduce((sum, round) => sum + round.requests, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.requests / round.rps, 0);
  const p50s = rounds.map((round) => round.p50).sort((a, b) => a - b);
  return {
    rps: seconds > 0 ? requests / seconds : 0,
    p50: p50s[Math.floor((p50s.length - 1) / 2)] ?? 0,
    p99: Math.max(0, ...rounds.map((round) => round.p99)),
    requests,
    failures: rounds.reduce((sum, round) => sum + round.errors + round.non2xx + round.timeouts, 0),
    cpuMs: rounds.every((round) => round.cpuMsPerRequest !== undefined) && requests > 0 ? rounds.reduce((sum, round) => sum + round.cpuMsPerRequest! * round.requests, 0) / requests : undefined,
  };
}

/** Throughput ratio of each round's adjacent pair (ABBA order), as text: shows how much the noise moved it. */
export function pairedRatios(a: readonly LoadResult[], b: readonly LoadResult[]): string {
  return a.map((round, index) => (b[index] ? (round.rps / b[index]!.rps).toFixed(2) : '?')).join(', ');
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export const fmt = {
  rps: (value: number) => value.toFixed(0),
  ms: (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`,
  ratio: (value: number) => value.toFixed(2),
  cpu: (value: number | undefined) => (value === undefined ? '?' : `${value.toFixed(value < 1 ? 3 : 2)} ms`),
};
