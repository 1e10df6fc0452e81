import { CONSOLE_COLLECTIONS } from '../../../lib/console/collections';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { countRecords } from '../../../lib/console/records.server';

/** The console's first page: every collection with its number of records. */
export async function dashboardLoader(request: Request) {
  const editor = await requireEditor(request);
  const counts = await Promise.all(CONSOLE_COLLECTIONS.map(async (collection) => ({ collection, total: await countRecords(request, collection).catch(() => null) })));
  return { name: editor.name || editor.email, counts };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardLoader>>;
