import { calendarPath } from '../../lib/urls';
import { eventDays, monthKey, monthOf } from './dates';
import type { EventSummary } from './events.server';

/** schema.org Event for each event on the page (dates alone for all-day events). */
export function eventsJsonLd(events: readonly EventSummary[], siteUrl: string): Record<string, unknown> {
  return {
    '@graph': events.map((event) => {
      const { first, last } = eventDays(event);
      const pageUrl = `${siteUrl}${calendarPath({ month: monthKey(monthOf(event.start)) })}#event-${event.$id}`;
      return {
        '@type': 'Event',
        '@id': pageUrl,
        name: event.title,
        ...(event.description ? { description: event.description } : {}),
        startDate: event.allDay ? first : event.start,
        ...(event.allDay ? (last !== first ? { endDate: last } : {}) : event.end ? { endDate: event.end } : {}),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        ...(event.location ? { location: { '@type': 'Place', name: event.location, address: event.location } } : {}),
        url: event.url || pageUrl,
      };
    }),
  };
}
