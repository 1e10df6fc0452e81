/**
 * Calendar arithmetic on UTC dates. Events are stored in UTC and the election's calendar is read
 * in one zone (CALENDAR_TIME_ZONE), so the server and the browser place an event on the same
 * day whatever their own clocks say.
 */
export const CALENDAR_TIME_ZONE = 'UTC';

const DAY_MS = 86_400_000;

/** A month of the calendar; `month` is 1–12. */
export interface YearMonth {
  year: number;
  month: number;
}

/** `YYYY-MM-DD` of an instant, in the calendar's zone. */
export function dayKey(instant: string | Date): string {
  return new Date(instant).toISOString().slice(0, 10);
}

export function monthKey({ year, month }: YearMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function monthOf(instant: string | Date): YearMonth {
  const date = new Date(instant);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function addDays(key: string, delta: number): string {
  return dayKey(new Date(Date.parse(`${key}T00:00:00Z`) + delta * DAY_MS));
}

/** The first instant of the month and of the next one, in Appwrite's datetime format. */
export function monthBounds(value: YearMonth): { start: string; end: string } {
  const iso = (ym: YearMonth) => `${monthKey(ym)}-01T00:00:00.000+00:00`;
  return { start: iso(value), end: iso(addMonths(value, 1)) };
}

/** Midnight UTC of a day key, as a Date. */
export function dayDate(key: string): Date {
  return new Date(`${key}T00:00:00Z`);
}

interface Span {
  start: string;
  end: string | null;
  allDay: boolean | null;
}

/**
 * The first and last day an event covers. An all-day event's `end` names its last day; a timed
 * event that ends exactly at midnight does not reach into the day that begins then.
 */
export function eventDays(event: Span): { first: string; last: string } {
  const first = dayKey(event.start);
  if (!event.end || Date.parse(event.end) <= Date.parse(event.start)) return { first, last: first };
  let last = dayKey(event.end);
  if (!event.allDay && new Date(event.end).toISOString().slice(11, 19) === '00:00:00' && last > first) last = addDays(last, -1);
  return { first, last };
}

export interface GridDay {
  key: string;
  inMonth: boolean;
}

/** Weeks (Monday first, as in fr, sw and en-GB) covering the month, padded with the neighbouring days. */
export function monthGrid(value: YearMonth): GridDay[][] {
  const first = `${monthKey(value)}-01`;
  const offset = (dayDate(first).getUTCDay() + 6) % 7;
  const weeks: GridDay[][] = [];
  let key = addDays(first, -offset);
  const inMonth = (day: string) => day.startsWith(monthKey(value));
  do {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ key, inMonth: inMonth(key) });
      key = addDays(key, 1);
    }
    weeks.push(week);
  } while (inMonth(key));
  return weeks;
}

/** The seven weekdays, Monday first, as dates of a known week (for Intl weekday names). */
export const WEEKDAY_SAMPLES: readonly Date[] = Array.from({ length: 7 }, (_, i) => dayDate(addDays('2024-01-01', i)));
