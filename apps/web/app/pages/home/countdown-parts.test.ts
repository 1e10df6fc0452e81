import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown-parts';

describe('countdownParts', () => {
  const target = Date.UTC(2027, 2, 4);

  it('splits the time left into days, hours and minutes', () => {
    expect(countdownParts(target, Date.UTC(2026, 10, 23, 4, 30, 59))).toEqual({ days: 100, hours: 19, minutes: 29, reached: false });
  });

  it('counts down to zero and stays there', () => {
    expect(countdownParts(target, target - 1)).toEqual({ days: 0, hours: 0, minutes: 0, reached: false });
    expect(countdownParts(target, target)).toEqual({ days: 0, hours: 0, minutes: 0, reached: true });
    expect(countdownParts(target, target + 5_000_000)).toEqual({ days: 0, hours: 0, minutes: 0, reached: true });
  });
});
