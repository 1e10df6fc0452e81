import { describe, expect, it } from 'vitest';
import { pageSlices } from './candidates.server';

describe('pageSlices', () => {
  it('takes a page from consecutive groups', () => {
    expect(pageSlices([3, 22, 40], 1, 25)).toEqual([[0, 3], [0, 22], null]);
    expect(pageSlices([3, 22, 40], 2, 25)).toEqual([null, null, [0, 25]]);
    expect(pageSlices([10, 30], 2, 25)).toEqual([null, [15, 15]]);
  });

  it('covers every item exactly once over all pages', () => {
    const totals = [7, 0, 31, 2, 60];
    const seen = totals.map(() => 0);
    for (let page = 1; page <= 4; page++) {
      pageSlices(totals, page, 25).forEach((slice, group) => {
        if (slice) seen[group]! += slice[1];
      });
    }
    expect(seen).toEqual(totals);
  });

  it('is empty past the end', () => {
    expect(pageSlices([5], 2, 25)).toEqual([null]);
  });
});
