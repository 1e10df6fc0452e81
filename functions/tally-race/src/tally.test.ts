import { describe, expect, it } from 'vitest';
import { percentChanges, percentOf, type RaceMember } from './tally.ts';

const member = (id: string, votes: number | null, votePercent: number | null): RaceMember => ({ $id: id, electionId: 'e', officeId: 'o', votes, votePercent });

describe('percentChanges', () => {
  it('gives every candidate of the race a new share when one count changes', () => {
    expect(percentChanges([member('a', 300, 60), member('b', 200, 40)])).toEqual([]);
    expect(percentChanges([member('a', 600, 60), member('b', 200, 40)])).toEqual([
      { id: 'a', votePercent: 75 },
      { id: 'b', votePercent: 25 },
    ]);
  });

  it('rounds to 2 decimals and writes only the shares that differ', () => {
    expect(percentChanges([member('a', 1, 33.33), member('b', 1, 33.33), member('c', 1, 0)])).toEqual([{ id: 'c', votePercent: 33.33 }]);
  });

  it('keeps no share for a candidate without a count, and 0 when nothing is cast', () => {
    expect(percentChanges([member('a', null, 12), member('b', 0, null)])).toEqual([
      { id: 'a', votePercent: null },
      { id: 'b', votePercent: 0 },
    ]);
    expect(percentOf(null, 10)).toBeNull();
  });
});
