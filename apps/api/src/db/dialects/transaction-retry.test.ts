import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY_POLICY, isRetryableConflict } from './transaction-retry.ts';

describe('transaction retries', () => {
  it('retries serialization failures and deadlocks only', () => {
    expect(isRetryableConflict({ code: '40001' })).toBe(true);
    expect(isRetryableConflict({ code: '40P01' })).toBe(true);
    for (const other of [{ code: '23505' }, { code: '57014' }, { code: '08006' }, new Error('40001'), null, undefined]) expect(isRetryableConflict(other)).toBe(false);
  });

  it('backs off with full jitter, doubling up to the cap', () => {
    const policy = { attempts: 5, baseDelayMs: 10, maxDelayMs: 250 };
    expect(backoffMs(policy, 1, () => 0)).toBe(0);
    expect(backoffMs(policy, 1, () => 0.999)).toBe(9);
    expect(backoffMs(policy, 3, () => 0.999)).toBe(39);
    expect(backoffMs(policy, 10, () => 0.999)).toBe(249);
    const delays = Array.from({ length: 200 }, () => backoffMs(DEFAULT_RETRY_POLICY, 2));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(20);
    expect(new Set(delays).size, 'jittered').toBeGreaterThan(5);
  });
});
