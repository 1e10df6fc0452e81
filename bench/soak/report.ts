/** The soak's tables, as Markdown (they go into bench/RESULTS.md as printed). */
import type { MinuteRow, OperationRow } from './minute-stats.ts';

const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

export function minuteTable(rows: readonly MinuteRow[]): string {
  const lines = ['| minute | requests | errors | p50 ms | p99 ms | server peak RSS MiB | server CPU % |', '|---:|---:|---:|---:|---:|---:|---:|'];
  for (const row of rows) {
    lines.push(`| ${row.minute} | ${row.requests} | ${row.errors} | ${ms(row.p50Ms)} | ${ms(row.p99Ms)} | ${row.rssMiB === null ? '–' : row.rssMiB.toFixed(0)} | ${row.cpuPercent === null ? '–' : row.cpuPercent.toFixed(0)} |`);
  }
  return lines.join('\n');
}

export function operationTable(rows: readonly OperationRow[]): string {
  const lines = ['| operation | requests | errors | p50 ms | p99 ms |', '|---|---:|---:|---:|---:|'];
  for (const row of rows) lines.push(`| ${row.operation} | ${row.requests} | ${row.errors} | ${ms(row.p50Ms)} | ${ms(row.p99Ms)} |`);
  return lines.join('\n');
}

/** One line per minute while the run goes on. */
export function progressLine(row: MinuteRow): string {
  return `minute ${row.minute}: ${row.requests} requests, ${row.errors} errors, p50 ${ms(row.p50Ms)} ms, p99 ${ms(row.p99Ms)} ms, RSS ${row.rssMiB?.toFixed(0) ?? '–'} MiB, CPU ${row.cpuPercent?.toFixed(0) ?? '–'} %`;
}
