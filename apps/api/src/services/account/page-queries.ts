import { parseQueries, QueryError } from '@ballot-atlas/shared/appwrite/query';
import { AppwriteError } from '../../core/errors.ts';

/** Lists of the account service (logs, identities) page with limit and offset only. */
export function pageFromQueries(queries: readonly string[] = []): { limit: number; offset: number } {
  try {
    const plan = parseQueries(queries);
    if (plan.filters.length || plan.orders.length || plan.cursor || plan.select) {
      throw new AppwriteError('general_query_invalid', 'Invalid query: Only limit and offset queries are allowed here.');
    }
    return { limit: plan.limit, offset: plan.offset };
  } catch (error) {
    if (error instanceof QueryError) throw new AppwriteError('general_query_invalid', error.message);
    throw error;
  }
}
