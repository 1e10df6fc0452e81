import { z } from 'zod';
import type { ImportAction, ImportJob, ImportRow, ImportStatus } from '@ballot-atlas/shared/imports/import-job';
import type { StoredDocument } from '../../db/documents/stored-document.ts';

export type ImportModel = ImportJob;
export type ImportRowModel = ImportRow;

/** No progress for this long: the process running the job is gone. */
export const STALLED_AFTER_MS = 60_000;

export const INTERRUPTED_ERROR = 'The import was interrupted (the server stopped while it ran). Importing the file again is safe: rows already written are found unchanged.';

const number = (value: unknown) => (typeof value === 'number' ? value : 0);
const string = (value: unknown) => (typeof value === 'string' ? value : '');

/** The job as clients see it: one still running whose process stopped beating reads as failed. */
export function toImportModel(stored: StoredDocument, at: number = Date.now()): ImportModel {
  const data = stored.data;
  let status = data['status'] as ImportStatus;
  let error = string(data['error']);
  if ((status === 'checking' || status === 'importing') && at - Date.parse(stored.updatedAt) > STALLED_AFTER_MS) {
    status = 'failed';
    error = INTERRUPTED_ERROR;
  }
  return {
    $id: stored.id,
    $createdAt: stored.createdAt,
    $updatedAt: stored.updatedAt,
    fileId: string(data['fileId']),
    fileName: string(data['fileName']),
    format: data['format'] === 'popolo' || data['format'] === 'geojson' ? data['format'] : 'csv',
    collectionId: string(data['collectionId']),
    status,
    rows: number(data['rows']),
    rowsDone: number(data['rowsDone']),
    create: number(data['create']),
    update: number(data['update']),
    unchanged: number(data['unchanged']),
    refused: number(data['refused']),
    error,
    userId: string(data['userId']),
    userName: string(data['userName']),
    startedAt: string(data['startedAt']),
    finishedAt: string(data['finishedAt']),
  };
}

export function toImportRowModel(stored: StoredDocument): ImportRowModel {
  const data = stored.data;
  return {
    $id: stored.id,
    line: typeof data['line'] === 'number' ? data['line'] : null,
    pointer: string(data['pointer']),
    collectionId: string(data['collectionId']),
    recordId: string(data['recordId']),
    action: data['action'] as ImportAction,
    reason: string(data['reason']),
    changed: Array.isArray(data['changed']) ? (data['changed'] as string[]) : [],
  };
}

const date = z.string().describe('ISO 8601 date-time; empty when not set.');
const count = z.number().int();

const importJob = z.object({
  $id: z.string().describe('Import ID.'),
  $createdAt: date,
  $updatedAt: date.describe('The last progress.'),
  fileId: z.string().describe('The file in the imports bucket.'),
  fileName: z.string().describe('Its name: also the source of every change the import writes.'),
  format: z.enum(['csv', 'popolo', 'geojson']),
  collectionId: z.string().describe("A CSV file's collection; for Popolo, the only collection imported, or '' for all."),
  status: z.enum(['checking', 'checked', 'importing', 'completed', 'failed']).describe('checking: the dry run; checked: waiting for the write; importing: the write.'),
  rows: count.describe('Rows in the file, once the dry run has read them all.'),
  rowsDone: count.describe('Rows the current step has handled.'),
  create: count,
  update: count,
  unchanged: count,
  refused: count,
  error: z.string().describe("Why the import failed; '' otherwise."),
  userId: z.string().describe("Who started it; '' for an API key."),
  userName: z.string().describe('Their name then; "operator" for an API key.'),
  startedAt: date.describe('When the current step started.'),
  finishedAt: date.describe('When the last step ended.'),
});

const importRow = z.object({
  $id: z.string(),
  line: z.number().int().nullable().describe("The CSV line the row starts on; null in Popolo files."),
  pointer: z.string().describe("The JSON pointer of a Popolo item; '' in CSV files."),
  collectionId: z.string(),
  recordId: z.string().describe("The record's $id; '' when refused before one was known."),
  action: z.enum(['create', 'update', 'unchanged', 'refused']),
  reason: z.string().describe("Why the row is refused; '' otherwise."),
  changed: z.array(z.string()).describe('The attributes an update changes.'),
});

export const importModels = {
  Import: importJob,
  ImportList: z.object({ total: count.describe('Matches, counted up to 5000.'), imports: z.array(importJob) }),
  ImportRow: importRow,
  ImportRowList: z.object({ total: count.describe('Matches, counted up to 5000.'), rows: z.array(importRow) }),
};
