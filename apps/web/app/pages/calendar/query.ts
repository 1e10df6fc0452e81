import type { EventKind } from '../../lib/directory/types';
import type { CalendarQuery } from '../../lib/urls';
import { monthKey, monthOf, type YearMonth } from './dates';

export const EVENT_KINDS: readonly EventKind[] = ['registration', 'nomination', 'campaign', 'debate', 'polling', 'results', 'other'];

export type CalendarView = 'month' | 'list';

/** What the calendar's address asks for; anything unreadable falls back to the default. */
export interface CalendarParams {
  view: CalendarView;
  month: YearMonth;
  kind: EventKind | null;
  /** A region slug as given; the loader checks it names a region. */
  region: string | null;
}

function isKind(value: string | null): value is EventKind {
  return value !== null && (EVENT_KINDS as readonly string[]).includes(value);
}

export function readMonth(value: string | null): YearMonth | null {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 1900 && year <= 2200 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** `today` decides the default month. */
export function readCalendarParams(url: URL, today: Date): CalendarParams {
  const search = url.searchParams;
  const region = search.get('region')?.trim() || null;
  return {
    view: search.get('view') === 'list' ? 'list' : 'month',
    month: readMonth(search.get('month')) ?? monthOf(today),
    kind: isKind(search.get('kind')) ? (search.get('kind') as EventKind) : null,
    region: region && region.length <= 128 ? region : null,
  };
}

/** The params as a CalendarQuery for urls.ts, with overrides. */
export function toQuery(params: CalendarParams, overrides: Partial<CalendarQuery> = {}): CalendarQuery {
  return {
    view: params.view,
    month: monthKey(params.month),
    kind: params.kind ?? undefined,
    region: params.region ?? undefined,
    ...overrides,
  };
}
