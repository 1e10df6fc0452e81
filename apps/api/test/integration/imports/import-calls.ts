/** The console import as a client drives it: upload to the imports bucket, start, wait, write. */
import { expect } from 'vitest';
import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { SESSION_COOKIE } from '../../support/account-http.ts';
import { postFilePart } from '../../support/upload-http.ts';
import { answer, query, type Caller, type HistoryWorld } from '../history/history-fixture.ts';

function credentials(caller: Caller): Record<string, string> {
  if (caller === 'guest') return {};
  if ('key' in caller) return { 'x-appwrite-key': caller.key };
  return { cookie: `${SESSION_COOKIE}=${encodeURIComponent(caller.session)}` };
}

/** Uploads `text` as `name` to the imports bucket; the file's id. */
export async function upload(world: HistoryWorld, caller: Caller, name: string, text: string): Promise<string> {
  const fileId = uniqueId();
  const response = await postFilePart(world.server.endpoint, 'imports', { fileId, name, bytes: new Uint8Array(Buffer.from(text)), headers: credentials(caller) });
  expect(response.status, await response.clone().text()).toBe(201);
  return fileId;
}

/** The job once its background step has ended. */
export async function settledImport(world: HistoryWorld, importId: string): Promise<any> {
  await world.server.app.services.imports.settled();
  return answer(world, world.operator, 'GET', `/imports/${importId}`);
}

/** Uploads and dry-runs a file; the checked job. */
export async function checkFile(world: HistoryWorld, caller: Caller, name: string, text: string, options: { collectionId?: string } = {}): Promise<any> {
  const fileId = await upload(world, caller, name, text);
  const started = await answer(world, caller, 'POST', '/imports', { body: { fileId, ...options } });
  expect(started).toMatchObject({ status: 'checking', fileId, fileName: name });
  return settledImport(world, started.$id);
}

/** Writes a checked job; the completed job. */
export async function writeChecked(world: HistoryWorld, caller: Caller, importId: string): Promise<any> {
  const started = await answer(world, caller, 'POST', `/imports/${importId}/write`);
  expect(started.status).toBe('importing');
  return settledImport(world, importId);
}

/** The whole report of an import, in file order. */
export async function reportOf(world: HistoryWorld, importId: string, ...queries: object[]): Promise<any[]> {
  const page = await answer(world, world.operator, 'GET', `/imports/${importId}/rows?${query(...queries, { method: 'limit', values: [1000] })}`);
  return page.rows;
}
