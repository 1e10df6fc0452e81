import { Query } from 'appwrite';
import { listPage } from './query.server';
import type { Election } from './types';

/** The election visitors care about now: an ongoing one, else the next upcoming one. */
export async function currentElection(request: Request): Promise<Election | null> {
  const page = await listPage<Election>(request, 'elections', [
    Query.equal('status', ['ongoing', 'upcoming']),
    Query.orderAsc('date'),
    Query.select(['name', 'slug', 'date', 'status']),
    Query.limit(1),
  ]);
  return page.items[0] ?? null;
}
