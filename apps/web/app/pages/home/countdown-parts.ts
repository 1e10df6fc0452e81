const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  /** The moment has come (or passed). */
  reached: boolean;
}

/** Whole days, hours and minutes from `now` until `target` (both in ms), never negative. */
export function countdownParts(target: number, now: number): CountdownParts {
  const left = Math.max(0, target - now);
  return {
    days: Math.floor(left / DAY_MS),
    hours: Math.floor((left % DAY_MS) / HOUR_MS),
    minutes: Math.floor((left % HOUR_MS) / MINUTE_MS),
    reached: left === 0,
  };
}
