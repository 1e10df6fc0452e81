import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import { data, redirect } from 'react-router';
import { formProblem } from '../../../lib/account/problem';
import { problemOf, statusOf } from '../../../lib/account/problem.server';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { IMPORTS_BUCKET } from '@ballot-atlas/shared/imports/import-job';
import { startImport, writeImport } from '../../../lib/console/imports.server';
import { consolePaths } from '../../../lib/console/paths';
import { uploadAsEditor } from '../../../lib/console/upload.server';
import { readForm } from '../../../lib/form-body.server';
import { pageNotFound } from '../../../lib/not-found.server';
import { COLLECTION_FIELD, FILE_FIELD, FILE_ID_FIELD, type ImportJobResult, type ImportsResult } from './types';

/**
 * The upload form. With JavaScript the browser has uploaded the file already (with a progress
 * bar) and sends its id; without, the file comes with the form and is uploaded here. Then the dry
 * run starts and the editor is sent to the import's page.
 */
export async function importsAction(request: Request) {
  await requireEditor(request);
  const form = await readForm(request);
  const collection = String(form.get(COLLECTION_FIELD) ?? '');
  try {
    let fileId = String(form.get(FILE_ID_FIELD) ?? '');
    const file = form.get(FILE_FIELD);
    if (!isValidId(fileId) && file instanceof File && file.size > 0) fileId = await uploadAsEditor(request, IMPORTS_BUCKET, file);
    if (!isValidId(fileId)) return data<ImportsResult>({ problem: formProblem('form_required') }, { status: 400 });
    const job = await startImport(request, fileId, collection || null);
    return redirect(consolePaths.importJob(job.$id));
  } catch (error) {
    return data<ImportsResult>({ problem: problemOf(error) }, { status: statusOf(error) });
  }
}

/** The import page's one button: write the checked import. */
export async function importJobAction(request: Request, importId: string) {
  await requireEditor(request);
  if (!isValidId(importId)) pageNotFound(request);
  await readForm(request);
  try {
    await writeImport(request, importId);
  } catch (error) {
    return data<ImportJobResult>({ problem: problemOf(error) }, { status: statusOf(error) });
  }
  return redirect(consolePaths.importJob(importId));
}
