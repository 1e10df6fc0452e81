import type { LoaderFunctionArgs } from 'react-router';
import { listEvents, listRegions } from '../pages/calendar/events.server';
import { buildIcs, icsFilename, icsResponse } from '../pages/calendar/ics.server';
import { icsOptions } from '../pages/calendar/ics-options.server';
import { readCalendarParams } from '../pages/calendar/query';

/** `/eventCalendar.ics`: every event as one iCalendar feed, with the page's kind and region filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = readCalendarParams(new URL(request.url), new Date());
  const region = params.region ? ((await listRegions(request)).find((candidate) => candidate.slug === params.region) ?? null) : null;
  const events = await listEvents(request, { kind: params.kind, regionId: region?.$id ?? null });
  const options = icsOptions(request);
  const name = [options.siteName, 'calendar', params.kind, region?.slug].filter(Boolean).join(' ');
  return icsResponse(buildIcs(events, options), icsFilename(name, 'calendar'));
}
