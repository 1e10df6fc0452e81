// The scheduled clean-up against a real server: exports older than the cutoff go with their
// tokens (a guest's link stops working), newer ones stay, and the default export runs it as
// Appwrite runs a function.
import { fileURLToPath } from 'node:url';
import { Client, Databases, ID, Storage, Tokens } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../../apps/api/test/support/test-server.ts';
import cleanupExports, { deleteExportsBefore } from './main.ts';

const SITE_SCHEMA = fileURLToPath(new URL('../../../appwrite.json', import.meta.url));
const PROJECT = 'ballot-atlas';
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('cleanup-exports', () => {
  let server: TestServer;
  let client: Client;
  let storage: Storage;
  let tokens: Tokens;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    server = await startTestServer({ schemaFile: SITE_SCHEMA, env: { PROJECT_ID: PROJECT, ABUSE_LIMITS: 'disabled' } });
    client = new Client().setEndpoint(server.endpoint).setProject(PROJECT).setKey(TEST_API_KEY);
    storage = new Storage(client);
    tokens = new Tokens(client);
  }, 60_000);
  afterAll(async () => {
    process.env = savedEnv;
    await server?.close();
  });

  const progressOf = (fileId: string) => new Databases(client).createDocument({ databaseId: 'main', collectionId: 'export_progress', documentId: fileId, data: { phase: 'uploading', pagesDone: 1, pagesTotal: 1 } });
  const progressIds = async () => (await new Databases(client).listDocuments({ databaseId: 'main', collectionId: 'export_progress' })).documents.map((document) => document.$id);
  const upload = async () => (await storage.createFile({ bucketId: 'exports', fileId: ID.unique(), file: InputFile.fromBuffer(PDF, 'export.pdf'), permissions: [] })).$id;
  const guestDownload = (fileId: string, secret: string) => fetch(`${server.endpoint}/storage/buckets/exports/files/${fileId}/download?project=${PROJECT}&token=${encodeURIComponent(secret)}`);

  it('deletes the exports made before the cutoff, their tokens and progress documents, and keeps the newer ones', async () => {
    const old = [await upload(), await upload(), await upload()];
    await progressOf(old[0]!);
    // A failed export leaves a progress document and no file.
    await progressOf('failed-export');
    const secret = (await tokens.createFileToken({ bucketId: 'exports', fileId: old[0]! })).secret;
    expect((await guestDownload(old[0]!, secret)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const cutoff = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const recent = await upload();
    await progressOf(recent);

    expect(await deleteExportsBefore(client, cutoff)).toEqual({ files: 3, tokens: 1, progress: 2 });
    const left = (await storage.listFiles({ bucketId: 'exports' })).files.map((file) => file.$id);
    expect(left).toEqual([recent]);
    expect(await progressIds()).toEqual([recent]);
    expect((await guestDownload(old[0]!, secret)).status).toBe(404);
  });

  it('as a function: keeps exports younger than 24 hours and reports what it did', async () => {
    Object.assign(process.env, { APPWRITE_FUNCTION_API_ENDPOINT: server.endpoint, APPWRITE_FUNCTION_PROJECT_ID: PROJECT });
    const logs: unknown[] = [];
    const answer = await cleanupExports({
      req: { headers: { 'x-appwrite-key': TEST_API_KEY } },
      res: { json: (body, statusCode = 200) => ({ body, statusCode }) },
      log: (line) => logs.push(line),
      error: (line) => logs.push(line),
    });
    expect(answer).toEqual({ body: { files: 0, tokens: 0, progress: 0 }, statusCode: 200 });
    expect((await storage.listFiles({ bucketId: 'exports' })).total).toBe(1);
    expect(String(logs[0])).toMatch(/^deleted 0 exports created before /);
  });
});
