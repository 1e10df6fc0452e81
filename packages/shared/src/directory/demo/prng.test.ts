import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apportion, deriveSeed, Rng, splitCount } from './prng.ts';

describe('Rng', () => {
  it('is repeatable for the same seed and label, and differs across labels and seeds', () => {
    const take = (r: Rng): number[] => Array.from({ length: 20 }, () => r.next());
    expect(take(new Rng(7, 'a'))).toEqual(take(new Rng(7, 'a')));
    expect(take(new Rng(7, 'a'))).not.toEqual(take(new Rng(7, 'b')));
    expect(take(new Rng(7, 'a'))).not.toEqual(take(new Rng(8, 'a')));
    expect(deriveSeed(1, 'x')).toBe(deriveSeed(1, 'x'));
  });

  it('stays in range', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const r = new Rng(seed);
        for (let i = 0; i < 50; i++) {
          const x = r.next();
          expect(x >= 0 && x < 1).toBe(true);
          const k = r.int(n);
          expect(Number.isInteger(k) && k >= 0 && k < n).toBe(true);
          const m = r.range(-n, n);
          expect(m >= -n && m <= n).toBe(true);
        }
      }),
    );
  });
});

describe('apportion / splitCount', () => {
  it('always sums to the total and respects the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5000 }),
        (seed, parts, min, extra) => {
          const total = parts * min + extra;
          const out = splitCount(new Rng(seed), total, parts, min);
          expect(out).toHaveLength(parts);
          expect(out.reduce((a, b) => a + b, 0)).toBe(total);
          expect(out.every((n) => n >= min)).toBe(true);
        },
      ),
    );
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(0, [2, 5])).toEqual([0, 0]);
  });
});
