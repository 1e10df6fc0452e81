import { Query } from 'node-appwrite';
import type { EventRow, MonthGroup } from '../document-model.ts';
import type { Labels } from '../labels.ts';
import { CALENDAR_LIST_PATH } from '../source-paths.ts';
import type { DirectoryReader } from './directory-reader.ts';
import type { LoadedExport } from './loaded-export.ts';
import type { CalendarEvent, Region } from './records.ts';

const MAX_EVENTS = 5_000;

function capitalise(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/** The first and last day (YYYY-MM-DD, UTC) of an event; a timed event ending at midnight ends the day before (as on the site). */
function eventDays(event: CalendarEvent): { first: string; last: string } {
  const first = event.start.slice(0, 10);
  if (!event.end || Date.parse(event.end) <= Date.parse(event.start)) return { first, last: first };
  const end = new Date(event.end);
  const endsAtMidnight = !event.allDay && end.toISOString().slice(11, 19) === '00:00:00';
  const last = new Date(end.getTime() - (endsAtMidnight ? 86_400_000 : 0)).toISOString().slice(0, 10);
  return { first, last: last < first ? first : last };
}

/** When an event happens, worded like the calendar page's list (UTC, the calendar's zone). */
function whenFormatter(labels: Labels): (event: CalendarEvent) => string {
  const zone = { timeZone: 'UTC' } as const;
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(labels.language, { ...zone, ...options });
  const dates = format({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const datesInYear = format({ weekday: 'short', day: 'numeric', month: 'short' });
  const dateClock = format({ weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const dateTime = format({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const time = format({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const day = (key: string) => new Date(`${key}T12:00:00Z`);
  return (event) => {
    const { first, last } = eventDays(event);
    if (event.allDay) {
      if (first === last) return `${dates.format(day(first))} · ${labels.allDay}`;
      return `${(first.slice(0, 4) === last.slice(0, 4) ? datesInYear : dates).format(day(first))} – ${dates.format(day(last))}`;
    }
    const start = new Date(event.start);
    const end = event.end && Date.parse(event.end) > start.getTime() ? new Date(event.end) : null;
    if (!end) return dateTime.format(start);
    return `${dateClock.format(start)} – ${(first === last ? time : dateTime).format(end)}`;
  };
}

/** The election calendar, every event in date order, by month. */
export async function loadCalendarExport(reader: DirectoryReader, labels: Labels): Promise<LoadedExport> {
  const events = await reader.listAll<CalendarEvent>('events', [Query.orderAsc('start'), Query.select(['$id', 'title', 'start', 'end', 'allDay', 'location', 'kind', 'regionId'])], MAX_EVENTS);
  const regions = await reader.byIds<Region>('regions', events.map((event) => event.regionId ?? ''), ['name']);
  const when = whenFormatter(labels);
  const monthTitle = new Intl.DateTimeFormat(labels.language, { timeZone: 'UTC', month: 'long', year: 'numeric' });
  const months: MonthGroup[] = [];
  for (const event of events.slice(0, MAX_EVENTS)) {
    const month = capitalise(monthTitle.format(new Date(event.start)), labels.language);
    if (months.at(-1)?.month !== month) months.push({ month, events: [] });
    const row: EventRow = {
      when: when(event),
      title: event.title,
      kind: labels.eventKind(event.kind),
      location: event.location || (event.regionId && regions.get(event.regionId)?.name) || labels.nationwide,
    };
    months.at(-1)!.events.push(row);
  }
  return { language: labels.language, title: labels.calendarTitle, subtitle: [], sourcePath: CALENDAR_LIST_PATH, body: { kind: 'events', months } };
}
