import { Query } from 'appwrite';
import { readCookie } from '../../lib/cookie-header';
import { listPage } from '../../lib/directory/query.server';
import { EMPTY_TRAY, type CompareTrayData } from './choices';
import { COMPARE_COOKIE, COMPARE_FULL_COOKIE, fullNoticeCookie, selectionFromCookie } from './selection';

/**
 * The tray every page shows: the chosen candidates' names in the order picked. A visitor without
 * a selection costs no API call; ids the visitor may not (or no longer) see are left out.
 */
export async function compareTray(request: Request): Promise<{ tray: CompareTrayData; setCookie?: string }> {
  const ids = selectionFromCookie(readCookie(request, COMPARE_COOKIE));
  const full = readCookie(request, COMPARE_FULL_COOKIE) === '1';
  // The notice is for the one page the refused pick returned to.
  const setCookie = full ? fullNoticeCookie(false) : undefined;
  if (ids.length === 0) return { tray: { ...EMPTY_TRAY, full }, setCookie };
  const page = await listPage<{ $id: string; name: string }>(request, 'candidates', [Query.equal('$id', ids), Query.select(['$id', 'name']), Query.limit(ids.length)], { total: false });
  const names = new Map(page.items.map((item) => [item.$id, item.name]));
  const choices = ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
  return { tray: { choices, full }, setCookie };
}
