import { AppwriteException } from 'appwrite';
import { changeEntriesPage, type ChangeEntriesPage } from '../../../lib/console/change-history.server';
import type { ChangeEntry } from '../../../lib/console/change-entries';
import { COLLECTION_VIEWS, type ConsoleCollectionId } from '../../../lib/console/collections';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { getRecord } from '../../../lib/console/records.server';
import { pageNotFound } from '../../../lib/not-found.server';
import { consoleCollection } from '../../../lib/console/console-collection.server';

const PAGE_SIZE = 20;

/** A page of changes plus whether older ones follow (one more is asked for than is shown). */
async function pageOf(request: Request, options: { collectionId?: string; documentId?: string; source?: string; after: string | null; limit: number }): Promise<ChangeEntriesPage & { hasOlder: boolean }> {
  let page: ChangeEntriesPage;
  try {
    page = await changeEntriesPage(request, { ...options, limit: options.limit + 1 });
  } catch (error) {
    // A cursor naming no change (edited by hand, or its record's history is gone): start from the newest.
    if (!(options.after && error instanceof AppwriteException && error.code === 400)) throw error;
    page = await changeEntriesPage(request, { ...options, after: null, limit: options.limit + 1 });
  }
  return { total: page.total, entries: page.entries.slice(0, options.limit), hasOlder: page.entries.length > options.limit };
}

/** The latest changes of one record, for its page: `limit` of them and whether there are more. */
export async function recordHistory(request: Request, collection: ConsoleCollectionId, documentId: string, limit: number) {
  const page = await pageOf(request, { collectionId: collection, documentId, after: null, limit });
  return { entries: page.entries, total: page.total, hasMore: page.hasOlder };
}

/**
 * Every change of one record (which may be deleted: its history stays, so it can be restored),
 * or of the whole directory (`collectionParam` null), newest first, a page at a time.
 */
export async function historyLoader(request: Request, collectionParam: string | undefined | null, documentId: string | null) {
  await requireEditor(request);
  const collection = collectionParam === null ? null : consoleCollection(collectionParam);
  const url = new URL(request.url);
  const after = url.searchParams.get('after') || null;
  // The directory's changes from one source (an import's file name: its page links here).
  const source = collection === null ? url.searchParams.get('source') || null : null;
  const [page, record] = await Promise.all([
    pageOf(request, { ...(collection ? { collectionId: collection } : {}), ...(documentId ? { documentId } : {}), ...(source ? { source } : {}), after, limit: PAGE_SIZE }),
    collection && documentId ? getRecord(request, collection, documentId) : null,
  ]);
  if (collection && documentId && !record && page.total === 0) pageNotFound(request);
  const lastEntry: ChangeEntry | undefined = page.entries.at(-1);
  return {
    collection,
    documentId,
    source,
    title: collection && documentId ? String(record?.[COLLECTION_VIEWS[collection].titleKey] ?? page.entries[0]?.record.title ?? documentId) : null,
    exists: record !== null,
    entries: page.entries,
    total: page.total,
    after,
    olderAfter: page.hasOlder && lastEntry ? lastEntry.id : null,
    reverted: url.searchParams.has('reverted'),
  };
}

export type HistoryData = Awaited<ReturnType<typeof historyLoader>>;
