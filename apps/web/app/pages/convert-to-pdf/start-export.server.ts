import { AppwriteException, Functions, Query, Databases } from 'appwrite';
import type { Visitor } from '../../lib/account/visitor.server';
import { DATABASE_ID } from '../../lib/appwrite.server';
import { isRecordKind, RECORD_COLLECTIONS, type ExportFormState, type ExportFormValues, type RecordChoice, type RecordKind } from './export-choice';
import { EXPORT_FUNCTION } from './progress.server';

const MATCHES_SHOWN = 10;

/** The record the visitor named: the one chosen from a list, the one whose name matches exactly, or the only match. */
export async function findRecord(visitor: Visitor, kind: RecordKind, values: Pick<ExportFormValues, 'id' | 'name'>): Promise<{ id: string } | { matches: RecordChoice[] }> {
  const databases = new Databases(visitor.client());
  const collectionId = RECORD_COLLECTIONS[kind];
  if (values.id) {
    try {
      const record = await databases.getDocument({ databaseId: DATABASE_ID, collectionId, documentId: values.id });
      return { id: record.$id };
    } catch (error) {
      if (!(error instanceof AppwriteException && error.code === 404)) throw error;
    }
  }
  const name = values.name.trim();
  if (!name) return { matches: [] };
  const words = name.replace(/[^\p{L}\p{N}\s'’-]/gu, ' ').trim();
  const queries = [Query.limit(MATCHES_SHOWN), Query.orderAsc('name'), Query.select(['$id', 'name'])];
  const found = words ? (await databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.search('name', words), ...queries] })).documents : [];
  const matches = found.map((document) => ({ id: document.$id, name: String(document['name']) }));
  const exact = matches.filter((match) => match.name.localeCompare(name, undefined, { sensitivity: 'base' }) === 0);
  if (exact.length === 1) return { id: exact[0]!.id };
  if (matches.length === 1) return { id: matches[0]!.id };
  return { matches };
}

/**
 * A visitor without a session gets an anonymous one first (Appwrite's way for a guest to own
 * something): the execution and the PDF are then readable by them alone, and nobody else who
 * gets the result page's address sees either.
 */
async function ensureSession(visitor: Visitor): Promise<void> {
  if (visitor.mayBeSignedIn) {
    try {
      await visitor.account.get();
      return;
    } catch (error) {
      if (!(error instanceof AppwriteException && error.code === 401)) throw error;
    }
  }
  await visitor.send('POST', '/account/sessions/anonymous');
}

export type StartOutcome = { started: string } | { form: ExportFormState };

/** Starts the export in the background (an asynchronous execution) as the visitor. */
export async function startExport(visitor: Visitor, values: ExportFormValues): Promise<StartOutcome> {
  let body: Record<string, unknown>;
  if (isRecordKind(values.kind)) {
    if (!values.id && !values.name.trim()) return { form: { values, problem: 'nameMissing' } };
    const found = await findRecord(visitor, values.kind, values);
    if ('matches' in found) return { form: { values: { ...values, id: '' }, problem: found.matches.length ? undefined : 'notFound', matches: found.matches } };
    body = { kind: values.kind, id: found.id, language: values.language };
  } else if (values.kind === 'text') {
    body = { kind: 'text', text: values.text, title: values.title || null, language: values.language };
  } else {
    body = { kind: 'calendar', language: values.language };
  }
  try {
    await ensureSession(visitor);
    const execution = await new Functions(visitor.client()).createExecution({ functionId: EXPORT_FUNCTION, body: JSON.stringify(body), async: true });
    return { started: execution.$id };
  } catch (error) {
    if (error instanceof AppwriteException && error.type === 'general_rate_limit_exceeded') return { form: { values, problem: 'rateLimited' } };
    console.error('PDF export not started:', error);
    return { form: { values, problem: 'unavailable' } };
  }
}
