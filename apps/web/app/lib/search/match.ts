import { foldSearchText } from '@ballot-atlas/shared/text/search-text';

/** The API's full-text rule, for lists already in hand: every term is a word, the last a prefix. */
export function matchesTerms(name: string, terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  const words = foldSearchText(name).split(' ');
  return terms.every((term, index) => (index === terms.length - 1 ? words.some((word) => word.startsWith(term)) : words.includes(term)));
}

/**
 * How closely a matching name fits: 0 when it is exactly what was typed, 1 when every term is a
 * whole word, 2 when the last term is only a prefix. Lower sorts first.
 */
export function matchRank(name: string, terms: readonly string[]): number {
  const folded = foldSearchText(name);
  if (folded === terms.join(' ')) return 0;
  const words = folded.split(' ');
  return terms.every((term) => words.includes(term)) ? 1 : 2;
}

/** Items by matchRank of their name, keeping the given order among equals. */
export function byMatchRank<T>(items: readonly T[], terms: readonly string[], nameOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, rank: matchRank(nameOf(item), terms) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}
