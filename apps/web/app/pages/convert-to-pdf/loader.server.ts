import { AppwriteException, Databases } from 'appwrite';
import { data } from 'react-router';
import { Visitor } from '../../lib/account/visitor.server';
import { DATABASE_ID } from '../../lib/appwrite.server';
import { requestLanguage } from '../../lib/i18n.server';
import { isRecordKind, RECORD_COLLECTIONS, type ExportFormState, type ExportProgress } from './export-choice';
import { exportLanguages, readExportValues } from './form-values.server';
import { exportProgress } from './progress.server';

export type ConvertToPdfData =
  | { view: 'form'; form: ExportFormState; languages: string[] }
  | { view: 'result'; progress: ExportProgress }
  | { view: 'missing' };

/**
 * `/convertToPdf`: the form, pre-filled from `?kind=&id=` (the "Download PDF" links), or with
 * `?execution=` the requester's export and its progress. The result is private and never cached.
 */
export async function convertToPdfLoader(request: Request) {
  const url = new URL(request.url);
  const headers = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' };
  const visitor = new Visitor(request);
  const executionId = url.searchParams.get('execution');
  if (executionId) {
    const progress = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/.test(executionId) ? await exportProgress(visitor, executionId) : null;
    if (!progress) return data<ConvertToPdfData>({ view: 'missing' }, { status: 404, headers });
    return data<ConvertToPdfData>({ view: 'result', progress }, { headers });
  }
  const values = readExportValues(url.searchParams, requestLanguage(request));
  if (values.id && isRecordKind(values.kind)) {
    try {
      const record = await new Databases(visitor.client()).getDocument({ databaseId: DATABASE_ID, collectionId: RECORD_COLLECTIONS[values.kind], documentId: values.id });
      values.name = String(record['name'] ?? '');
    } catch (error) {
      if (!(error instanceof AppwriteException && error.code === 404)) throw error;
      values.id = '';
    }
  }
  return data<ConvertToPdfData>({ view: 'form', form: { values }, languages: exportLanguages() }, { headers });
}
