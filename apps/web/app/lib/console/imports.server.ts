import type { ImportAction, ImportJob, ImportRow } from '@ballot-atlas/shared/imports/import-job';
import { Query } from 'appwrite';
import { serverClient } from '../appwrite.server';
import { apiCall } from './history.server';

/** Starts the dry run of an uploaded file; `collectionId` for a CSV file not named after its collection. */
export function startImport(request: Request, fileId: string, collectionId: string | null): Promise<ImportJob> {
  return apiCall<ImportJob>(serverClient(request), 'post', '/imports', { fileId, ...(collectionId ? { collectionId } : {}) });
}

export function recentImports(request: Request, limit: number): Promise<{ total: number; imports: ImportJob[] }> {
  return apiCall(serverClient(request), 'get', '/imports', { queries: [Query.limit(limit)] });
}

export function getImport(request: Request, importId: string): Promise<ImportJob> {
  return apiCall<ImportJob>(serverClient(request), 'get', `/imports/${encodeURIComponent(importId)}`);
}

/** A page of an import's report in file order, of one action or all. */
export function importRows(request: Request, importId: string, options: { action: ImportAction | null; limit: number; offset: number }): Promise<{ total: number; rows: ImportRow[] }> {
  const queries = [Query.limit(options.limit), Query.offset(options.offset)];
  if (options.action) queries.push(Query.equal('action', options.action));
  return apiCall(serverClient(request), 'get', `/imports/${encodeURIComponent(importId)}/rows`, { queries });
}

export function writeImport(request: Request, importId: string): Promise<ImportJob> {
  return apiCall<ImportJob>(serverClient(request), 'post', `/imports/${encodeURIComponent(importId)}/write`);
}
