import { Query } from 'appwrite';
import { readingOrderCollator } from '../../lib/intl';
import { listAll, listPage } from '../../lib/directory/query.server';
import type { CollectionId } from '../../lib/directory/query.server';
import type { Election } from '../../lib/directory/types';

/**
 * The candidates' indexes (appwrite.json) and the order that walks each one. Counting is the API's
 * page query plus its capped count; ordering the page like the index lets it stop at the first row
 * instead of sorting every match by sequence (hundreds of ms at a million candidates).
 */
export const candidateIndexOrder = {
  area: ['name'],
  districtOffice: ['name'],
  region: ['officeId', 'name'],
} as const satisfies Record<string, readonly string[]>;

/**
 * The current election as a one-value range rather than `equal`: without planner statistics SQLite
 * would otherwise pick the (electionId, officeId) index and walk the whole election to find one
 * area's candidates; a range leaves it the area's own index.
 */
export function inElection(election: Pick<Election, '$id'>): string {
  return Query.between('electionId', election.$id, election.$id);
}

/** Candidates of the current election matching `filters` (capped at 5000); no election means nobody stands. */
export async function countCandidates(request: Request, election: Election | null, filters: string[], indexOrder: readonly string[]): Promise<number> {
  if (!election) return 0;
  const page = await listPage(request, 'candidates', [...filters, inElection(election), ...indexOrder.map((field) => Query.orderAsc(field)), Query.select(['$id']), Query.limit(1)]);
  return page.total;
}

/**
 * Candidates of every election matching `filters` (capped at 5000). Answered from the index alone,
 * so it stays cheap for a whole region at a million candidates, where the current-election count
 * must read each row.
 */
export async function countCandidatesOnRecord(request: Request, filters: string[], indexOrder: readonly string[]): Promise<number> {
  const page = await listPage(request, 'candidates', [...filters, ...indexOrder.map((field) => Query.orderAsc(field)), Query.select(['$id']), Query.limit(1)]);
  return page.total;
}

/**
 * How many documents share each value of `field`, from one listing of that field alone: one round
 * trip instead of a count per parent (areas are few by nature, unlike candidates).
 */
export async function tally(request: Request, collection: CollectionId, filters: string[], field: string): Promise<Record<string, number>> {
  const rows = await listAll<{ $id: string } & Record<string, unknown>>(request, collection, [...filters, Query.select([field])]);
  return countBy(rows, field);
}

/** How many items share each value of `key`. */
export function countBy<T>(items: readonly T[], key: keyof T): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const value = String(item[key] ?? '');
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

/** Sorts by name the way people read (Ø beside O), not by code point as the database does. */
export function byName<T extends { name: string }>(items: T[]): T[] {
  const collator = readingOrderCollator();
  return [...items].sort((a, b) => collator.compare(a.name, b.name));
}
