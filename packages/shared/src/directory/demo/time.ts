// Fixed timestamps in Appwrite's datetime format: YYYY-MM-DDTHH:mm:ss.sss+00:00 (always UTC).

const DAY_MS = 86_400_000;

/** ISO string for a UTC date and time given as numbers (month is 1–12). */
export function iso(year: number, month: number, day: number, hour = 0, minute = 0): string {
  return fromMs(Date.UTC(year, month - 1, day, hour, minute));
}

/** Whole days since 1970-01-01 for a UTC date. */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function fromMs(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}

const dayCache = new Map<number, string>();

/** Midnight UTC of a day number, memoised (dates of birth repeat a lot in large runs). */
export function isoDay(day: number): string {
  let s = dayCache.get(day);
  if (s === undefined) {
    s = fromMs(day * DAY_MS);
    dayCache.set(day, s);
  }
  return s;
}

export const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
