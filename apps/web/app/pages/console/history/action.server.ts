import { readForm } from '../../../lib/form-body.server';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { consolePaths } from '../../../lib/console/paths';
import { consoleCollection } from '../../../lib/console/console-collection.server';
import { revertAction } from './revert.server';

/** The history pages' one form: revert a change (of one record, or of the directory's list). */
export async function historyAction(request: Request, collectionParam: string | undefined | null, documentId: string | null) {
  await requireEditor(request);
  const collection = collectionParam === null ? null : consoleCollection(collectionParam);
  const form = await readForm(request);
  return revertAction(request, form, collection && documentId ? consolePaths.recordHistory(collection, documentId) : consolePaths.history);
}
