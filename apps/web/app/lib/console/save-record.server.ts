import { slugify } from '@ballot-atlas/shared/directory/demo/slug';
import { AppwriteException, ID } from 'appwrite';
import { DATABASE_ID } from '../appwrite.server';
import { MEDIA_BUCKET } from '../media';
import { problemField, type SaveProblem } from './api-errors';
import { relationTarget } from './attributes';
import { COLLECTION_VIEWS, type ConsoleCollectionId } from './collections';
import { documentData, emptyValue, fileRemoveName, fileUploadName, readFormValues, type FormValues } from './form-values';
import { hierarchyPlan } from './hierarchy';
import { sourcedDatabases } from './history.server';
import { readSource, sourceRequired } from './source-input';
import { formFields } from './record-fields';
import { getRecord } from './records.server';
import { uploadAsEditor } from './upload.server';
import { collectionSchema } from './schema.server';

export type SaveResult = { ok: true; id: string } | { ok: false; problem: SaveProblem; values: FormValues; source: string };

/** A problem found before the API was asked to save (an upload, an unknown area), already tied to its field. */
class FieldProblem extends Error {
  constructor(readonly problem: SaveProblem) {
    super(problem.message);
  }
}

function apiProblem(error: unknown, keys: readonly string[], uniqueKeys: readonly string[], field?: string): SaveProblem {
  if (!(error instanceof AppwriteException)) throw error;
  const type = error.type ?? '';
  return { field: field ?? problemField(error.message, type, keys, uniqueKeys), message: error.message, type };
}

/**
 * Files chosen without JavaScript arrive with the form: they are uploaded here, through the
 * SDK as the editor, and the field then holds the new file's id. (With JavaScript the browser has
 * uploaded them already, with a progress bar, and only the id comes.)
 */
async function uploadSubmittedFiles(request: Request, form: FormData, values: FormValues, fileKeys: readonly string[], keys: readonly string[]): Promise<void> {
  for (const key of fileKeys) {
    if (form.get(fileRemoveName(key)) !== null) values[key] = '';
    const file = form.get(fileUploadName(key));
    if (!(file instanceof File) || file.size === 0) continue;
    try {
      values[key] = await uploadAsEditor(request, MEDIA_BUCKET, file);
    } catch (error) {
      throw new FieldProblem(apiProblem(error, keys, [], key));
    }
  }
}

/** Fills in the wider area ids from the narrowest area chosen (see hierarchy.ts). */
async function applyHierarchy(request: Request, collection: ConsoleCollectionId, data: Record<string, unknown>): Promise<void> {
  const schema = collectionSchema(collection);
  const keys = schema.attributes.map((attribute) => attribute.key);
  const plan = hierarchyPlan(keys, COLLECTION_VIEWS[collection].derived ?? [], data);
  for (const level of plan.clear) {
    const attribute = schema.attributes.find((candidate) => candidate.key === level);
    if (attribute) data[level] = emptyValue(attribute);
  }
  const target = plan.source ? relationTarget(plan.source) : null;
  if (!plan.source || !target || plan.copy.length === 0) return;
  const area = await getRecord(request, target, String(data[plan.source]));
  if (!area) throw new FieldProblem({ field: plan.source, message: 'Document with the requested ID could not be found.', type: 'document_not_found' });
  for (const level of plan.copy) data[level] = area[level] ?? null;
}

/** Creates (documentId null) or updates a record from its submitted form. */
export async function saveRecord(request: Request, collection: ConsoleCollectionId, documentId: string | null, form: FormData): Promise<SaveResult> {
  const schema = collectionSchema(collection);
  const view = COLLECTION_VIEWS[collection];
  const fields = formFields(schema, view);
  const keys = fields.map((field) => field.attribute.key);
  const values = readFormValues(fields, form);
  const { source, problem: sourceIssue } = readSource(form, sourceRequired(collection));
  try {
    await uploadSubmittedFiles(request, form, values, fields.filter((field) => field.control.kind === 'file').map((field) => field.attribute.key), keys);
    // Checked after the uploads, so a picture sent without JavaScript is kept for the next try.
    if (sourceIssue) throw new FieldProblem(sourceIssue);
    if (view.slugFromTitle && keys.includes('slug') && !values['slug']?.trim()) values['slug'] = slugify(values[view.titleKey] ?? '');
    const data = documentData(fields, values);
    await applyHierarchy(request, collection, data);
    const databases = sourcedDatabases(request, source);
    const saved = documentId
      ? await databases.updateDocument({ databaseId: DATABASE_ID, collectionId: collection, documentId, data })
      : await databases.createDocument({ databaseId: DATABASE_ID, collectionId: collection, documentId: ID.unique(), data });
    return { ok: true, id: saved.$id };
  } catch (error) {
    const problem = error instanceof FieldProblem ? error.problem : apiProblem(error, keys, schema.uniqueKeys);
    return { ok: false, problem, values, source };
  }
}

/** Deletes a record as the editor; `source` says why (the change history keeps it). */
export async function deleteRecord(request: Request, collection: ConsoleCollectionId, documentId: string, source: string): Promise<SaveProblem | null> {
  try {
    await sourcedDatabases(request, source).deleteDocument({ databaseId: DATABASE_ID, collectionId: collection, documentId });
    return null;
  } catch (error) {
    return apiProblem(error, [], []);
  }
}

