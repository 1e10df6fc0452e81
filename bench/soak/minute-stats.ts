/**
 * The soak's figures per minute of the run: requests, errors and latency percentiles from the
 * requests whose due time fell in that minute; the server's peak resident memory in the minute
 * (sampled every second: one sample at the minute's end would land before or after a garbage
 * collection by chance, which moved it by 150 MiB) and its CPU over the minute.
 */

export interface RequestSample {
  /** When the request was due, in ms from the start of the load. */
  dueMs: number;
  /** From the due time to the end of the response (open loop: waiting for a connection counts). */
  latencyMs: number;
  /** False for a 5xx, a network error, a timeout, or any status the operation did not expect. */
  ok: boolean;
  operation: string;
}


export interface MinuteRow {
  minute: number;
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  /** The peak of the minute. */
  rssMiB: number | null;
  /** Of one core, over the minute. */
  cpuPercent: number | null;
}

export interface OperationRow {
  operation: string;
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
}

/** The value below which `p` per cent of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summarise(samples: readonly RequestSample[]): { requests: number; errors: number; p50Ms: number; p99Ms: number } {
  const latencies = samples.map((sample) => sample.latencyMs).sort((a, b) => a - b);
  return { requests: samples.length, errors: samples.filter((sample) => !sample.ok).length, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

export class MinuteStats {
  private readonly samples: RequestSample[] = [];
  private readonly peakRssKiB = new Map<number, number>();
  /** The server's CPU time since it started, at the end of each minute. */
  private readonly cpuAtEnd = new Map<number, number>();
  private startCpuSeconds = 0;

  /** CPU time the server had used when the load began (its start-up and seeding are not the load's). */
  setStartCpu(cpuSeconds: number): void {
    this.startCpuSeconds = cpuSeconds;
  }

  add(sample: RequestSample): void {
    this.samples.push(sample);
  }

  /** A sample of the server's resident memory taken during `minute`. */
  noteRss(minute: number, rssKiB: number): void {
    this.peakRssKiB.set(minute, Math.max(rssKiB, this.peakRssKiB.get(minute) ?? 0));
  }

  /** The server's CPU time since it started, at the end of `minute`. */
  noteCpu(minute: number, cpuSeconds: number): void {
    this.cpuAtEnd.set(minute, cpuSeconds);
  }

  /** One row per minute from 1 to `minutes` (a minute with no traffic still gets its row). */
  rows(minutes: number): MinuteRow[] {
    const byMinute = new Map<number, RequestSample[]>();
    for (const sample of this.samples) {
      const minute = Math.min(minutes, Math.floor(sample.dueMs / 60_000) + 1);
      const bucket = byMinute.get(minute);
      if (bucket) bucket.push(sample);
      else byMinute.set(minute, [sample]);
    }
    const rows: MinuteRow[] = [];
    for (let minute = 1; minute <= minutes; minute++) {
      const peak = this.peakRssKiB.get(minute);
      const cpu = this.cpuAtEnd.get(minute);
      const before = minute === 1 ? this.startCpuSeconds : this.cpuAtEnd.get(minute - 1);
      rows.push({
        minute,
        ...summarise(byMinute.get(minute) ?? []),
        rssMiB: peak === undefined ? null : peak / 1024,
        cpuPercent: cpu !== undefined && before !== undefined ? ((cpu - before) / 60) * 100 : null,
      });
    }
    return rows;
  }

  operations(): OperationRow[] {
    const byOperation = new Map<string, RequestSample[]>();
    for (const sample of this.samples) {
      const bucket = byOperation.get(sample.operation);
      if (bucket) bucket.push(sample);
      else byOperation.set(sample.operation, [sample]);
    }
    return [...byOperation].sort(([a], [b]) => a.localeCompare(b)).map(([operation, samples]) => ({ operation, ...summarise(samples) }));
  }

  total(): { requests: number; errors: number; p50Ms: number; p99Ms: number } {
    return summarise(this.samples);
  }
}

export interface Verdict {
  pass: boolean;
  errors: number;
  /** RSS growth from the first minute after warm-up to the last, as a fraction; null when there are too few minutes. */
  rssGrowth: number | null;
  text: string;
}

/**
 * PASS needs no error at all and resident memory growing by less than `maxGrowth` from the end of
 * minute `warmupMinute` to the end of the last minute (a run shorter than that compares minute 1).
 */
export function verdict(rows: readonly MinuteRow[], options: { warmupMinute?: number; maxGrowth?: number } = {}): Verdict {
  const maxGrowth = options.maxGrowth ?? 0.1;
  const errors = rows.reduce((total, row) => total + row.errors, 0);
  const requests = rows.reduce((total, row) => total + row.requests, 0);
  const last = rows.at(-1);
  const from = rows.find((row) => row.minute === Math.min(options.warmupMinute ?? 2, Math.max(1, rows.length - 1)));
  const growth = from?.rssMiB && last?.rssMiB && from !== last ? (last.rssMiB - from.rssMiB) / from.rssMiB : null;
  const memoryOk = growth === null || growth < maxGrowth;
  const pass = errors === 0 && memoryOk && requests > 0;
  const memory =
    growth === null || !from || !last
      ? 'RSS growth not measured (too few minutes)'
      : `RSS minute ${from.minute} → ${last.minute}: ${from.rssMiB!.toFixed(0)} → ${last.rssMiB!.toFixed(0)} MiB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %, limit +${(maxGrowth * 100).toFixed(0)} %)`;
  return { pass, errors, rssGrowth: growth, text: `verdict: ${pass ? 'PASS' : 'FAIL'} — ${errors} errors in ${requests} requests; ${memory}` };
}
