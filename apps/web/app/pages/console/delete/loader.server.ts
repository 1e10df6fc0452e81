import { data, redirect } from 'react-router';
import { readForm } from '../../../lib/form-body.server';
import { COLLECTION_VIEWS } from '../../../lib/console/collections';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { consolePaths } from '../../../lib/console/paths';
import { getRecord } from '../../../lib/console/records.server';
import { deleteRecord } from '../../../lib/console/save-record.server';
import { readSource, sourceRequired } from '../../../lib/console/source-input';
import { pageNotFound } from '../../../lib/not-found.server';
import { consoleCollection } from '../../../lib/console/console-collection.server';

/** The confirmation page that deleting asks for (the record form's dialog, without JavaScript). */
export async function deleteLoader(request: Request, collectionParam: string | undefined, documentId: string) {
  await requireEditor(request);
  const collection = consoleCollection(collectionParam);
  const record = await getRecord(request, collection, documentId);
  if (!record) pageNotFound(request);
  return { collection, documentId, title: String(record[COLLECTION_VIEWS[collection].titleKey] ?? documentId), sourceRequired: sourceRequired(collection) };
}

export type DeleteData = Awaited<ReturnType<typeof deleteLoader>>;

export async function deleteAction(request: Request, collectionParam: string | undefined, documentId: string) {
  await requireEditor(request);
  const collection = consoleCollection(collectionParam);
  const form = await readForm(request);
  const record = await getRecord(request, collection, documentId);
  if (!record) pageNotFound(request);
  const { source, problem: sourceIssue } = readSource(form, sourceRequired(collection));
  const problem = sourceIssue ?? (await deleteRecord(request, collection, documentId, source));
  if (problem) return data({ problem, source }, { status: 400 });
  const title = String(record[COLLECTION_VIEWS[collection].titleKey] ?? documentId);
  return redirect(`${consolePaths.collection(collection)}?${new URLSearchParams({ deleted: title })}`);
}
