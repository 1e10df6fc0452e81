/**
 * The soak's arithmetic (`npm run soak`, bench/soak/minute-stats.ts): requests are counted in the
 * minute they were due, percentiles are nearest-rank, CPU is per minute from the server's
 * cumulative time, and the verdict fails on one error or on RSS growing 10 % after warm-up. The
 * soak itself takes minutes and is not part of `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { MinuteStats, percentile, verdict, type MinuteRow } from '../../../../../bench/soak/minute-stats.ts';

function row(minute: number, rssMiB: number, errors = 0): MinuteRow {
  return { minute, requests: 100, errors, p50Ms: 1, p99Ms: 2, rssMiB, cpuPercent: 10 };
}

describe('soak minute statistics', () => {
  it('nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it('counts each request in the minute it was due, errors apart, and gives an idle minute its row', () => {
    const stats = new MinuteStats();
    for (let index = 0; index < 10; index++) stats.add({ dueMs: index * 1000, latencyMs: index + 1, ok: index !== 3, operation: 'api get' });
    stats.add({ dueMs: 59_999, latencyMs: 100, ok: true, operation: 'page home' });
    stats.add({ dueMs: 120_000, latencyMs: 5, ok: false, operation: 'page home' });
    // Due after the last minute (the schedule's rounding): counted in the last one.
    stats.add({ dueMs: 180_500, latencyMs: 6, ok: true, operation: 'api get' });
    const rows = stats.rows(3);
    expect(rows.map((each) => [each.minute, each.requests, each.errors])).toEqual([[1, 11, 1], [2, 0, 0], [3, 2, 1]]);
    expect(rows[0]).toMatchObject({ p50Ms: 6, p99Ms: 100 });
    expect(rows[1]).toMatchObject({ p50Ms: 0, p99Ms: 0 });
    expect(stats.operations()).toEqual([
      { operation: 'api get', requests: 11, errors: 1, p50Ms: 6, p99Ms: 10 },
      { operation: 'page home', requests: 2, errors: 1, p50Ms: 5, p99Ms: 100 },
    ]);
    expect(stats.total()).toMatchObject({ requests: 13, errors: 2 });
  });

  it("server CPU per minute from its cumulative CPU time, counted from the start of the load; the minute's peak RSS in MiB", () => {
    const stats = new MinuteStats();
    stats.setStartCpu(40);
    for (const kib of [290, 300, 250]) stats.noteRss(1, kib * 1024);
    stats.noteCpu(1, 52);
    stats.noteRss(2, 310 * 1024);
    stats.noteCpu(2, 82);
    const rows = stats.rows(3);
    expect(rows.map((each) => [each.rssMiB, each.cpuPercent])).toEqual([[300, 20], [310, 50], [null, null]]);
  });
});

describe('soak verdict', () => {
  it('passes with no error and RSS growing under 10 % from minute 2 (minute 1 is warm-up)', () => {
    const result = verdict([row(1, 200), row(2, 300), row(3, 310), row(4, 329)]);
    expect(result).toMatchObject({ pass: true, errors: 0 });
    expect(result.rssGrowth).toBeCloseTo(0.0967, 3);
    expect(result.text).toBe('verdict: PASS — 0 errors in 400 requests; RSS minute 2 → 4: 300 → 329 MiB (+9.7 %, limit +10 %)');
  });

  it('fails on a single error', () => {
    expect(verdict([row(1, 300), row(2, 300), row(3, 300, 1)])).toMatchObject({ pass: false, errors: 1 });
  });

  it('fails when RSS grows by 10 % or more after warm-up', () => {
    const result = verdict([row(1, 100), row(2, 300), row(3, 330)]);
    expect(result.pass).toBe(false);
    expect(result.text).toContain('+10.0 %');
  });

  it('a two-minute run compares minute 1 with minute 2; a one-minute run cannot measure growth', () => {
    expect(verdict([row(1, 300), row(2, 360)])).toMatchObject({ pass: false, rssGrowth: 0.2 });
    expect(verdict([row(1, 300)])).toMatchObject({ pass: true, rssGrowth: null });
  });
});
