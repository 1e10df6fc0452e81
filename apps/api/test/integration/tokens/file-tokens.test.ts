// Appwrite's resource tokens for files (Modules/Tokens, tests/e2e/Services/Tokens) through
// node-appwrite's Tokens service, on both engines: a key makes a token, its secret opens that one
// file for anyone, and a forged, expired or revoked secret opens nothing.
import { fileURLToPath } from 'node:url';
import { AppwriteException, Client, ID, Query, Storage, Tokens } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../compat/support/engines.ts';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../support/test-server.ts';

const SITE_SCHEMA = fileURLToPath(new URL('../../../../../appwrite.json', import.meta.url));
const PROJECT = 'ballot-atlas';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function sdkError(work: Promise<unknown>): Promise<{ code: number; type: string; message: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppwriteException) return { code: error.code, type: error.type, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

for (const { engine, available } of engines) {
  describe.skipIf(!available)(`file tokens [${engine}]`, () => {
    let server: TestServer;
    let storage: Storage;
    let tokens: Tokens;

    beforeAll(async () => {
      server = await startTestServer({ engine, schemaFile: SITE_SCHEMA, env: { PROJECT_ID: PROJECT, ABUSE_LIMITS: 'disabled' } });
      const client = new Client().setEndpoint(server.endpoint).setProject(PROJECT).setKey(TEST_API_KEY);
      storage = new Storage(client);
      tokens = new Tokens(client);
    }, 60_000);
    afterAll(() => server?.close());

    const upload = async () => (await storage.createFile({ bucketId: 'exports', fileId: ID.unique(), file: InputFile.fromBuffer(PDF, 'export.pdf'), permissions: [] })).$id;
    const asGuest = (fileId: string, route: 'view' | 'download' | 'preview', token?: string) =>
      fetch(`${server.endpoint}/storage/buckets/exports/files/${fileId}/${route}?project=${PROJECT}${token === undefined ? '' : `&token=${encodeURIComponent(token)}`}`);

    it('creates a token in Appwrite\'s model; its secret opens the file for a guest, who cannot open it without', async () => {
      const fileId = await upload();
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      const token = await tokens.createFileToken({ bucketId: 'exports', fileId, expire: tomorrow });
      expect(token).toMatchObject({ resourceId: `exports:${fileId}`, resourceType: 'files', accessedAt: '' });
      expect(new Date(token.expire).toISOString()).toBe(tomorrow);
      expect(token.secret.split('.')).toHaveLength(3);

      const without = await asGuest(fileId, 'download');
      expect(without.status).toBe(404);
      expect(await without.json()).toMatchObject({ code: 404, type: 'storage_file_not_found' });
      for (const route of ['view', 'download'] as const) {
        const opened = await asGuest(fileId, route, token.secret);
        expect(opened.status).toBe(200);
        expect(Buffer.from(await opened.arrayBuffer())).toEqual(PDF);
      }
      expect((await asGuest(fileId, 'preview', token.secret)).status).toBe(200);
      expect((await tokens.get({ tokenId: token.$id })).accessedAt).not.toBe('');
    });

    it('opens only its own file: another file of the bucket is 401, as in Appwrite', async () => {
      const [first, second] = [await upload(), await upload()];
      const token = await tokens.createFileToken({ bucketId: 'exports', fileId: first });
      expect(token.expire).toBe('');
      const other = await asGuest(second, 'download', token.secret);
      expect(other.status).toBe(401);
      expect(await other.json()).toMatchObject({ type: 'user_unauthorized' });
    });

    it('a forged, expired or revoked secret grants nothing (the file stays 404 to a guest)', async () => {
      const fileId = await upload();
      const token = await tokens.createFileToken({ bucketId: 'exports', fileId });
      const [head, payload] = token.secret.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, resourceId: 'exports:other' })).toString('base64url')}.${token.secret.split('.')[2]}`;
      expect((await asGuest(fileId, 'download', forged)).status).toBe(404);
      expect((await asGuest(fileId, 'download', 'not-a-jwt')).status).toBe(404);

      const soon = new Date(Date.now() + 1_500).toISOString();
      const expiring = await tokens.update({ tokenId: token.$id, expire: soon });
      expect((await asGuest(fileId, 'download', expiring.secret)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await asGuest(fileId, 'download', expiring.secret)).status).toBe(404);

      const fresh = await tokens.update({ tokenId: token.$id });
      expect(fresh.expire).toBe('');
      expect((await asGuest(fileId, 'download', fresh.secret)).status).toBe(200);
      await tokens.delete({ tokenId: token.$id });
      expect((await asGuest(fileId, 'download', fresh.secret)).status).toBe(404);
      expect(await sdkError(tokens.get({ tokenId: token.$id }))).toMatchObject({ code: 404, type: 'token_not_found', message: 'The requested file token could not be found.' });
    });

    it('lists a file\'s tokens with queries, and refuses an expiry in the past', async () => {
      const fileId = await upload();
      const later = await tokens.createFileToken({ bucketId: 'exports', fileId, expire: new Date(Date.now() + 7_200_000).toISOString() });
      const sooner = await tokens.createFileToken({ bucketId: 'exports', fileId, expire: new Date(Date.now() + 3_600_000).toISOString() });
      await tokens.createFileToken({ bucketId: 'exports', fileId: await upload() });
      const listed = await tokens.list({ bucketId: 'exports', fileId, queries: [Query.orderAsc('expire')] });
      expect(listed.total).toBe(2);
      expect(listed.tokens.map((token) => token.$id)).toEqual([sooner.$id, later.$id]);
      expect(await sdkError(tokens.createFileToken({ bucketId: 'exports', fileId, expire: '2022-11-02' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
      expect((await sdkError(tokens.createFileToken({ bucketId: 'exports', fileId, expire: '2022-11-02' }))).message).toContain('Value must be valid date in the future');
      expect(await sdkError(tokens.createFileToken({ bucketId: 'exports', fileId: 'missing' }))).toMatchObject({ code: 404, type: 'storage_file_not_found' });
    });

    it('is for keys only: a guest gets 401 general_unauthorized_scope', async () => {
      const fileId = await upload();
      const response = await fetch(`${server.endpoint}/tokens/buckets/exports/files/${fileId}`, { method: 'POST', headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ type: 'general_unauthorized_scope' });
    });
  });
}
