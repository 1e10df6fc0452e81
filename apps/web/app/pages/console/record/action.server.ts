import { data, redirect } from 'react-router';
import { readForm } from '../../../lib/form-body.server';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { consolePaths } from '../../../lib/console/paths';
import { saveRecord } from '../../../lib/console/save-record.server';
import { consoleCollection } from '../../../lib/console/console-collection.server';
import { revertAction } from '../history/revert.server';
import { REVERT_INTENT } from '../history/types';

/**
 * Saves the form; on success back to the record's form (Post/Redirect/Get), else the API's error
 * beside the input kept. The record's history section posts its reverts here too.
 */
export async function recordAction(request: Request, collectionParam: string | undefined, documentId: string | null) {
  await requireEditor(request);
  const collection = consoleCollection(collectionParam);
  const form = await readForm(request);
  if (documentId && form.get('intent') === REVERT_INTENT) return revertAction(request, form, consolePaths.record(collection, documentId));
  const result = await saveRecord(request, collection, documentId, form);
  if (result.ok) return redirect(`${consolePaths.record(collection, result.id)}?${documentId ? 'saved' : 'created'}=1`);
  return data({ problem: result.problem, values: result.values, source: result.source }, { status: 400 });
}
