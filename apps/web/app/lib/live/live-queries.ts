import { Query } from 'appwrite';
import type { LiveFilter, LiveMatch } from './live-filter';

/**
 * A page's filter as the realtime subscription queries of SDK 28 (`Realtime.subscribe(channels,
 * callback, queries)`): `equal` with several values keeps any of them, `or`/`and` combine, and "no
 * value" is `isNull` or the empty text (the directory's optional text attributes default to "").
 * Only the lazily loaded socket code imports this, so the SDK stays out of first-load JavaScript.
 */
export function subscriptionQueries(filter: LiveFilter | undefined): string[] {
  // No filter, or a match without fields (it holds for every record): every event.
  if (!filter || filter.some((match) => Object.keys(match).length === 0)) return [];
  const alternatives = filter.map(matchQuery);
  return [alternatives.length === 1 ? alternatives[0]! : Query.or(alternatives)];
}

function matchQuery(match: LiveMatch): string {
  const conditions = Object.entries(match).map(([field, values]) => fieldQuery(field, values));
  return conditions.length === 1 ? conditions[0]! : Query.and(conditions);
}

function fieldQuery(field: string, values: readonly (string | null)[]): string {
  const texts = values.filter((value): value is string => value !== null);
  if (texts.length === values.length) return Query.equal(field, texts);
  return Query.or([Query.isNull(field), Query.equal(field, [...texts, ''])]);
}
