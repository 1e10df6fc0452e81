/** An import of a file by an editor (the API's `/v1/imports`), as the API answers it and the console shows it. */

/** The bucket editors upload the files to import into (appwrite.json). */
export const IMPORTS_BUCKET = 'imports';

export type ImportStatus = 'checking' | 'checked' | 'importing' | 'completed' | 'failed';
export type ImportAction = 'create' | 'update' | 'unchanged' | 'refused';
export const IMPORT_ACTIONS: readonly ImportAction[] = ['refused', 'create', 'update', 'unchanged'];

export interface ImportJob {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  fileId: string;
  fileName: string;
  format: 'csv' | 'popolo' | 'geojson';
  collectionId: string;
  status: ImportStatus;
  rows: number;
  rowsDone: number;
  create: number;
  update: number;
  unchanged: number;
  refused: number;
  error: string;
  userId: string;
  userName: string;
  startedAt: string;
  finishedAt: string;
}

export interface ImportRow {
  $id: string;
  line: number | null;
  pointer: string;
  collectionId: string;
  recordId: string;
  action: ImportAction;
  reason: string;
  changed: string[];
}

/** Whether a step of the job is still running (the console keeps looking). */
export function isRunning(status: ImportStatus): boolean {
  return status === 'checking' || status === 'importing';
}
