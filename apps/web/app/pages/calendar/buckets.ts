import { addDays, eventDays } from './dates';

interface Spanning {
  start: string;
  end: string | null;
  allDay: boolean | null;
}

export interface DayEntry<E> {
  event: E;
  /** The event began on an earlier day. */
  continued: boolean;
}

/** For each of `days` (sorted day keys), the events that cover it, in the given order. */
export function eventsByDay<E extends Spanning>(events: readonly E[], days: readonly string[]): Map<string, DayEntry<E>[]> {
  const buckets = new Map<string, DayEntry<E>[]>(days.map((day) => [day, []]));
  const firstDay = days[0];
  const lastDay = days[days.length - 1];
  if (!firstDay || !lastDay) return buckets;
  for (const event of events) {
    const { first, last } = eventDays(event);
    for (let day = first < firstDay ? firstDay : first; day <= last && day <= lastDay; day = addDays(day, 1)) {
      buckets.get(day)?.push({ event, continued: day !== first });
    }
  }
  return buckets;
}

/** Events grouped under the first of `days` they cover (each event once), days without events left out. */
export function firstDayGroups<E extends Spanning>(events: readonly E[], days: readonly string[]): { day: string; entries: DayEntry<E>[] }[] {
  const placed = new Set<E>();
  const groups: { day: string; entries: DayEntry<E>[] }[] = [];
  for (const [day, entries] of eventsByDay(events, days)) {
    const fresh = entries.filter((entry) => !placed.has(entry.event));
    for (const entry of fresh) placed.add(entry.event);
    if (fresh.length) groups.push({ day, entries: fresh });
  }
  return groups;
}
