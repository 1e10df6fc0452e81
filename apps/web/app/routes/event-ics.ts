import type { LoaderFunctionArgs } from 'react-router';
import { getById } from '../lib/directory/query.server';
import type { EventSummary } from '../pages/calendar/events.server';
import { buildIcs, icsFilename, icsResponse } from '../pages/calendar/ics.server';
import { icsOptions } from '../pages/calendar/ics-options.server';

const EVENT_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/;

/** `/events/{id}.ics`: one event as an iCalendar file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params['eventId'] ?? '';
  const event = EVENT_ID.test(id) ? await getById<EventSummary>(request, 'events', id) : null;
  if (!event) return new Response('Event not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return icsResponse(buildIcs([event], icsOptions(request)), icsFilename(event.title, id));
}
