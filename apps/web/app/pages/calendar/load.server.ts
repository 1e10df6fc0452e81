import { dayKey } from './dates';
import { listEvents, listParties, listRegions, type EventSummary, type PartySummary, type RegionSummary } from './events.server';
import { readCalendarParams, type CalendarParams } from './query';

export interface CalendarData {
  params: CalendarParams;
  /** Today's day key, decided on the server so the marker matches after hydration. */
  today: string;
  regions: RegionSummary[];
  parties: PartySummary[];
  events: EventSummary[];
}

export async function loadCalendar(request: Request): Promise<CalendarData> {
  const now = new Date();
  const requested = readCalendarParams(new URL(request.url), now);
  const [regions, parties] = await Promise.all([listRegions(request), listParties(request)]);
  const region = regions.find((candidate) => candidate.slug === requested.region) ?? null;
  // An unknown region slug is dropped rather than answered with an empty calendar.
  const params: CalendarParams = { ...requested, region: region?.slug ?? null };
  const events = await listEvents(request, {
    kind: params.kind,
    regionId: region?.$id ?? null,
    month: params.view === 'month' ? params.month : undefined,
  });
  return { params, today: dayKey(now), regions, parties, events };
}
