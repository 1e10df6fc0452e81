import { encodeSourceHeader, SOURCE_HEADER } from '@ballot-atlas/shared/history/change-source';
import { Databases, Query, type Client } from 'appwrite';
import { serverClient } from '../appwrite.server';
import { siteEnv } from '../env.server';
import type { Change } from '@ballot-atlas/shared/history/change';

export interface ChangePage {
  total: number;
  changes: Change[];
}

/** A call the SDK has no method for, through its client (so with the visitor's session and address). */
export function apiCall<T>(client: Client, method: 'get' | 'post', path: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<T> {
  const env = siteEnv();
  return client.call(method, new URL(`${env.apiEndpoint}${path}`), { 'X-Appwrite-Project': env.projectId, 'content-type': 'application/json', accept: 'application/json', ...headers }, params) as Promise<T>;
}

/** A page of changes, newest first: of one record, or of the whole directory; `after` continues below that change. */
export function listChanges(request: Request, options: { collectionId?: string; documentId?: string; source?: string; limit: number; after?: string | null }): Promise<ChangePage> {
  const queries = [Query.limit(options.limit)];
  if (options.collectionId) queries.push(Query.equal('collectionId', options.collectionId));
  if (options.documentId) queries.push(Query.equal('documentId', options.documentId));
  if (options.source) queries.push(Query.equal('source', options.source));
  if (options.after) queries.push(Query.cursorAfter(options.after));
  return apiCall<ChangePage>(serverClient(request), 'get', '/history/changes', { queries });
}

/** Reverts a change as the editor, with the reason they gave; the revert's own change. */
export function revertChange(request: Request, changeId: string, source: string): Promise<Change> {
  return apiCall<Change>(serverClient(request), 'post', `/history/changes/${encodeURIComponent(changeId)}/revert`, {}, { [SOURCE_HEADER]: encodeSourceHeader(source) });
}

/** The SDK's Databases as the editor, every write carrying `source` (the change history keeps it). */
export function sourcedDatabases(request: Request, source: string): Databases {
  const client = serverClient(request);
  if (source) client.headers[SOURCE_HEADER] = encodeSourceHeader(source);
  return new Databases(client);
}
