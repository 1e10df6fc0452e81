import { Query } from 'appwrite';
import { listPage } from './query.server';
import { cachedReference } from './reference.server';
import type { Election } from './types';

/** The election visitors care about now: an ongoing one, else the next upcoming one (cached as reference data). */
export function currentElection(request: Request): Promise<Election | null> {
  return cachedReference(request, 'current election', async (anonymous) => {
    const page = await listPage<Election>(anonymous, 'elections', [
      Query.equal('status', ['ongoing', 'upcoming']),
      Query.orderAsc('date'),
      Query.select(['name', 'slug', 'date', 'status']),
      Query.limit(1),
    ], { total: false });
    return page.items[0] ?? null;
  });
}
