import { Query } from 'appwrite';
import { listAll, listPage } from '../directory/query.server';
import { routeMessages } from '../i18n.server';
import type { RouteMessages } from '../route-messages';
import { CHART_CANDIDATE_FIELDS, type ChartCandidate } from './ballot-figures';

/**
 * The candidates a place's figures are drawn from, in one request of at most `limit` + 1 rows;
 * null when there are more than `limit` (a ballot that large is not worth a bar per party on a
 * page meant to be light, and reading it whole would cost the page its render budget).
 */
export async function candidatesForFigures(request: Request, filters: string[], limit: number): Promise<ChartCandidate[] | null> {
  const page = await listPage<ChartCandidate>(request, 'candidates', [...filters, Query.select([...CHART_CANDIDATE_FIELDS]), Query.limit(limit + 1)], { total: false });
  return page.items.length > limit ? null : page.items;
}

/** Registered voters of the electoral areas `filters` select (one listing of that field). */
export async function registeredVotersOf(request: Request, filters: string[]): Promise<(number | null)[]> {
  const areas = await listAll<{ $id: string; registeredVoters: number | null }>(request, 'electoral_areas', [...filters, Query.select(['$id', 'registeredVoters'])]);
  return areas.map((area) => area.registeredVoters ?? null);
}

/** The charts' strings, sent by the loaders of the pages that draw them. */
export function chartMessages(request: Request): RouteMessages[] {
  return routeMessages(request, 'charts');
}
