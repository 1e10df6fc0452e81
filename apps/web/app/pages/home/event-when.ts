import type { HomeEvent } from './loader.server';
import { dateTimeFormat } from '../../lib/intl';

const sameDay = (a: Date, b: Date): boolean => a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);

/**
 * When an event happens, as the visitor's language writes it. Times are shown in UTC, the zone the
 * data is stored in, so the server and every browser print the same thing; ranges are joined by
 * hand because formatRange's output differs between ICU versions (a hydration mismatch).
 */
export function eventWhen(event: Pick<HomeEvent, 'start' | 'end' | 'allDay'>, language: string): string {
  // Only the formats this event needs are built: each costs a phone milliseconds the first time.
  const date = (value: Date): string => dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(value);
  const dateTime = (value: Date): string => dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(value);
  const time = (value: Date): string => dateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' }).format(value);
  const start = new Date(event.start);
  const end = event.end ? new Date(event.end) : null;
  if (event.allDay) return end && !sameDay(start, end) ? `${date(start)} – ${date(end)}` : date(start);
  if (!end) return dateTime(start);
  return `${dateTime(start)} – ${sameDay(start, end) ? time(end) : dateTime(end)}`;
}

export function isRunning(event: Pick<HomeEvent, 'start' | 'end'>, now: number): boolean {
  return Date.parse(event.start) <= now && event.end !== null && now <= Date.parse(event.end);
}
