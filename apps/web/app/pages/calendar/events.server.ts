import { Query } from 'appwrite';
import { listAll, listPage } from '../../lib/directory/query.server';
import type { CalendarEvent, EventKind, Party, Region } from '../../lib/directory/types';
import { monthBounds, type YearMonth } from './dates';

/** What a page or a feed shows of an event. */
export type EventSummary = Pick<CalendarEvent, '$id' | '$createdAt' | '$updatedAt' | 'title' | 'description' | 'start' | 'end' | 'allDay' | 'location' | 'kind' | 'regionId' | 'partyId' | 'url'>;

export type RegionSummary = Pick<Region, '$id' | 'name' | 'slug'>;
export type PartySummary = Pick<Party, '$id' | 'name'>;

const EVENT_FIELDS = ['$id', '$createdAt', '$updatedAt', 'title', 'description', 'start', 'end', 'allDay', 'location', 'kind', 'regionId', 'partyId', 'url'];

export interface EventFilter {
  kind: EventKind | null;
  /** Events of this region and the nationwide ones (no region). */
  regionId: string | null;
  /** Only events that touch this month. */
  month?: YearMonth;
}

function filterQueries({ kind, regionId, month }: EventFilter): string[] {
  const queries: string[] = [];
  if (kind) queries.push(Query.equal('kind', kind));
  if (regionId) queries.push(Query.or([Query.equal('regionId', [regionId, '']), Query.isNull('regionId')]));
  if (month) {
    const { start, end } = monthBounds(month);
    queries.push(Query.lessThan('start', end), Query.or([Query.greaterThanEqual('start', start), Query.greaterThanEqual('end', start)]));
  }
  return queries;
}

/** Events in start order; an election calendar is small, so all of them are read. */
export function listEvents(request: Request, filter: EventFilter): Promise<EventSummary[]> {
  return listAll<EventSummary>(request, 'events', [...filterQueries(filter), Query.orderAsc('start'), Query.select(EVENT_FIELDS)]);
}

/** The first event from `now` on, else the last one before it: where an empty calendar should open. */
export async function nearestEvent(request: Request, filter: Omit<EventFilter, 'month'>, now: Date): Promise<EventSummary | null> {
  const base = [...filterQueries(filter), Query.select(EVENT_FIELDS), Query.limit(1)];
  const next = await listPage<EventSummary>(request, 'events', [...base, Query.greaterThanEqual('start', now.toISOString()), Query.orderAsc('start')]);
  if (next.items[0]) return next.items[0];
  return (await listPage<EventSummary>(request, 'events', [...base, Query.orderDesc('start')])).items[0] ?? null;
}

export function listParties(request: Request): Promise<PartySummary[]> {
  return listAll<PartySummary>(request, 'parties', [Query.select(['$id', 'name'])]);
}

export function listRegions(request: Request): Promise<RegionSummary[]> {
  return listAll<RegionSummary>(request, 'regions', [Query.orderAsc('name'), Query.select(['$id', 'name', 'slug'])]);
}
