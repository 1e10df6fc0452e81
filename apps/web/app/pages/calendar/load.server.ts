import { dayKey, monthOf } from './dates';
import { listEvents, listParties, listRegions, nearestEvent, type EventSummary, type PartySummary, type RegionSummary } from './events.server';
import { readCalendarParams, readMonth, type CalendarParams } from './query';

export interface CalendarData {
  params: CalendarParams;
  /** The address named the month (the filters then keep it; otherwise they let the default choose again). */
  monthChosen: boolean;
  /** Today's day key, decided on the server so the marker matches after hydration. */
  today: string;
  regions: RegionSummary[];
  parties: PartySummary[];
  events: EventSummary[];
}

export async function loadCalendar(request: Request): Promise<CalendarData> {
  const now = new Date();
  const url = new URL(request.url);
  const requested = readCalendarParams(url, now);
  const monthChosen = readMonth(url.searchParams.get('month')) !== null;
  const [regions, parties] = await Promise.all([listRegions(request), listParties(request)]);
  const region = regions.find((candidate) => candidate.slug === requested.region) ?? null;
  // An unknown region slug is dropped rather than answered with an empty calendar.
  const params: CalendarParams = { ...requested, region: region?.slug ?? null };
  const filter = { kind: params.kind, regionId: region?.$id ?? null };
  if (params.view === 'list') return { params, monthChosen, today: dayKey(now), regions, parties, events: await listEvents(request, filter) };

  let events = await listEvents(request, { ...filter, month: params.month });
  // Without a month asked for, an empty current month (before or after the election) opens on the nearest event's month instead.
  if (events.length === 0 && !monthChosen) {
    const nearest = await nearestEvent(request, filter, now);
    if (nearest) {
      params.month = monthOf(nearest.start);
      events = await listEvents(request, { ...filter, month: params.month });
    }
  }
  return { params, monthChosen, today: dayKey(now), regions, parties, events };
}
