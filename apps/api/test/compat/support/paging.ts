import type { DocumentsApi, QueryBuilder } from './sdk-generations.ts';
import { idsOf } from './wire.ts';

export interface Walk {
  ids: string[];
  /** `total` as reported by every page. */
  totals: number[];
}

/** Reads `items` page by page with cursorAfter until a short page. */
export async function walkForward(databases: DocumentsApi, Query: QueryBuilder, queries: string[], pageSize: number): Promise<Walk> {
  const walk: Walk = { ids: [], totals: [] };
  let cursor: string | undefined;
  for (;;) {
    const page = await databases.listDocuments('main', 'items', [...queries, Query.limit(pageSize), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
    walk.ids.push(...idsOf(page.documents));
    walk.totals.push(page.total);
    if (page.documents.length < pageSize) return walk;
    cursor = walk.ids.at(-1);
  }
}

/** Reads `items` backwards with cursorBefore, starting before `lastId`, until a short page; `lastId` ends the result. */
export async function walkBackward(databases: DocumentsApi, Query: QueryBuilder, queries: string[], pageSize: number, lastId: string): Promise<Walk> {
  const walk: Walk = { ids: [lastId], totals: [] };
  for (;;) {
    const page = await databases.listDocuments('main', 'items', [...queries, Query.limit(pageSize), Query.cursorBefore(walk.ids[0]!)]);
    walk.ids.unshift(...idsOf(page.documents));
    walk.totals.push(page.total);
    if (page.documents.length < pageSize) return walk;
  }
}
