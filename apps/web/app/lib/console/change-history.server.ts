import { changeEntries, referencedIds, type ChangeEntry, type ReferenceNames } from './change-entries';
import { listChanges } from './history.server';
import { titlesOf } from './records.server';
import { collectionSchema } from './schema.server';

export interface ChangeEntriesPage {
  total: number;
  entries: ChangeEntry[];
}

/** A page of changes, newest first, ready to show: the records they point at named (one query per collection named). */
export async function changeEntriesPage(request: Request, options: Parameters<typeof listChanges>[1]): Promise<ChangeEntriesPage> {
  const page = await listChanges(request, options);
  const wanted = [...referencedIds(page.changes)];
  const names: ReferenceNames = Object.fromEntries(await Promise.all(wanted.map(async ([target, ids]) => [target, await titlesOf(request, target, [...ids])] as const)));
  return { total: page.total, entries: changeEntries(page.changes, (collection) => collectionSchema(collection).attributes, names) };
}
