import ical from 'ical-generator';
import { addDays, dayDate, eventDays } from './dates';
import type { EventSummary } from './events.server';

export interface IcsOptions {
  /** The site's own URL: its host name makes the UIDs (`<eventId>@<host>`). */
  siteUrl: string;
  siteName: string;
  /** X-WR-CALNAME, shown by calendar apps. */
  calendarName: string;
  /** Where an event without its own URL can be read about. */
  fallbackUrl(event: EventSummary): string;
}

/**
 * RFC 5545 text for the events. UIDs and DTSTAMP (the last revision, as RFC 5545 asks when
 * there is no METHOD) depend only on the records, so a re-download updates rather than duplicates.
 */
export function buildIcs(events: readonly EventSummary[], options: IcsOptions): string {
  const host = new URL(options.siteUrl).hostname;
  const calendar = ical({ name: options.calendarName, prodId: { company: host, product: options.siteName, language: 'EN' } });
  for (const event of events) {
    const { first, last } = eventDays(event);
    const allDay = Boolean(event.allDay);
    const end = event.end && Date.parse(event.end) > Date.parse(event.start) ? new Date(event.end) : null;
    calendar.createEvent({
      id: `${event.$id}@${host}`,
      stamp: new Date(event.$updatedAt),
      created: new Date(event.$createdAt),
      lastModified: new Date(event.$updatedAt),
      allDay,
      start: allDay ? dayDate(first) : new Date(event.start),
      // An all-day DTEND is exclusive: the day after the last one.
      end: allDay ? dayDate(addDays(last, 1)) : end,
      summary: event.title,
      description: event.description || null,
      location: event.location || null,
      url: event.url || options.fallbackUrl(event),
      categories: [{ name: event.kind.toUpperCase() }],
    });
  }
  return calendar.toString();
}

/** An .ics download; `filename` must be plain ASCII. */
export function icsResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'public, max-age=300',
    },
  });
}

/** An ASCII file name from a title: "Polling day" → "polling-day". */
export function icsFilename(title: string, fallback: string): string {
  const base = title.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().toLowerCase().replace(/[\s_-]+/g, '-').slice(0, 60);
  return `${base || fallback}.ics`;
}
