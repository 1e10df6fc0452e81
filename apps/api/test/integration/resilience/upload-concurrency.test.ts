/**
 * Issue 11 item 6: at most UPLOADS_IN_PROGRESS_PER_USER chunked uploads in progress per user (per
 * address for guests), over every bucket. The next new upload is refused with 429 and stores
 * nothing, until one completes, is deleted or is swept; chunks of an upload in progress are never
 * refused, and an upload in one request (which never stays in progress) is not counted. The count
 * is read from the file records, so it holds across a restart. Storage logic over the document
 * store, the same on both engines: SQLite only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { collectionTables } from '../../../src/db/physical-names.ts';
import { FILES_DATABASE } from '../../../src/services/storage/file-collections.ts';
import { call, sessionTokenOf, signIn, signUp, SESSION_COOKIE } from '../../support/account-http.ts';
import { expectAppwriteError } from '../../support/scenario.ts';
import { newTestStorage, removeTestData, startTestServer, TEST_API_KEY, type TestServer } from '../../support/test-server.ts';
import { CHUNK_SIZE, chunkOf, postFilePart, randomContent } from '../../support/upload-http.ts';

const CAP = 3;
/** Two chunks: the second, 16 bytes, is sent first, so an upload is put in progress cheaply. */
const SOURCE = randomContent(CHUNK_SIZE + 16);

let uploadCounter = 0;
function newFileId(): string {
  uploadCounter += 1;
  return `upload-${uploadCounter}`;
}

/** Starts a two-chunk upload with its last chunk; the response of that request. */
async function startUpload(server: TestServer, bucketId: string, headers: Record<string, string>, fileId = newFileId()): Promise<{ fileId: string; response: Response; body: any }> {
  const response = await postFilePart(server.endpoint, bucketId, { fileId, name: 'photo.png', ...chunkOf(SOURCE, 1), headers });
  return { fileId, response, body: await response.json() };
}

async function finishUpload(server: TestServer, bucketId: string, fileId: string, headers: Record<string, string>): Promise<any> {
  const response = await postFilePart(server.endpoint, bucketId, { fileId, name: 'photo.png', ...chunkOf(SOURCE, 0), uploadId: fileId, headers });
  expect(response.status).toBe(201);
  return response.json();
}

async function fileStatus(server: TestServer, bucketId: string, fileId: string): Promise<number> {
  const response = await fetch(`${server.endpoint}/storage/buckets/${bucketId}/files/${fileId}`, { headers: { 'x-appwrite-project': 'test-project', 'x-appwrite-key': TEST_API_KEY } });
  await response.body?.cancel();
  return response.status;
}

async function expectRefused(server: TestServer, bucketId: string, headers: Record<string, string>): Promise<void> {
  const { fileId, response, body } = await startUpload(server, bucketId, headers);
  expect(response.status).toBe(429);
  expectAppwriteError(response, body, 'general_rate_limit_exceeded');
  expect(body.message).toContain(`${CAP} uploads in progress`);
  expect(await fileStatus(server, bucketId, fileId)).toBe(404);
}

async function fillTheCap(server: TestServer, bucketId: string, headers: Record<string, string>): Promise<string[]> {
  const ids = [];
  for (let n = 0; n < CAP; n++) {
    const { fileId, response } = await startUpload(server, bucketId, headers);
    expect(response.status).toBe(201);
    ids.push(fileId);
  }
  return ids;
}

async function userHeaders(server: TestServer, label: string): Promise<Record<string, string>> {
  const { token } = await signIn(server, await signUp(server, label));
  return { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` };
}

let guestCounter = 0;
function guestHeaders(): Record<string, string> {
  guestCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${guestCounter}` };
}

describe('uploads in progress per user [sqlite]', () => {
  const storage = newTestStorage();
  let server: TestServer;
  const env = { UPLOADS_IN_PROGRESS_PER_USER: String(CAP) };

  beforeAll(async () => {
    server = await startTestServer({ env, ...storage, keepData: true });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestData('sqlite', storage);
  });

  it(`a user's ${CAP + 1}th upload in progress is refused with 429 and stores nothing`, async () => {
    const headers = await userHeaders(server, 'cap');
    const started = await fillTheCap(server, 'photos', headers);
    for (const fileId of started) expect(await fileStatus(server, 'photos', fileId)).toBe(200);
    await expectRefused(server, 'photos', headers);
  });

  it('chunks of an upload in progress are accepted at the cap; once it completes a new upload is admitted', async () => {
    const headers = await userHeaders(server, 'finish');
    const [first] = await fillTheCap(server, 'photos', headers);
    await expectRefused(server, 'photos', headers);
    const completed = await finishUpload(server, 'photos', first!, headers);
    expect(completed).toMatchObject({ $id: first, chunksUploaded: 2, chunksTotal: 2 });
    expect((await startUpload(server, 'photos', headers)).response.status).toBe(201);
    await expectRefused(server, 'photos', headers);
  });

  it('deleting an upload in progress frees its place', async () => {
    const headers = await userHeaders(server, 'delete');
    const [first] = await fillTheCap(server, 'photos', headers);
    const deleted = await fetch(`${server.endpoint}/storage/buckets/photos/files/${first}`, { method: 'DELETE', headers: { 'x-appwrite-project': 'test-project', ...headers } });
    expect(deleted.status).toBe(204);
    expect((await startUpload(server, 'photos', headers)).response.status).toBe(201);
  });

  it('an upload in one request is accepted at the cap (it is never left in progress)', async () => {
    const headers = await userHeaders(server, 'single');
    await fillTheCap(server, 'photos', headers);
    const single = await postFilePart(server.endpoint, 'photos', { fileId: newFileId(), name: 'small.png', bytes: randomContent(1024), headers });
    expect(single.status).toBe(201);
  });

  it('the cap counts every bucket together, and each user apart', async () => {
    const headers = await userHeaders(server, 'buckets');
    expect((await startUpload(server, 'photos', headers)).response.status).toBe(201);
    expect((await startUpload(server, 'sealed', headers)).response.status).toBe(201);
    expect((await startUpload(server, 'photos', headers)).response.status).toBe(201);
    await expectRefused(server, 'sealed', headers);
    const other = await userHeaders(server, 'other');
    expect((await startUpload(server, 'photos', other)).response.status).toBe(201);
  });

  it("a guest's address is kept in the record only while the upload is in progress", async () => {
    const guest = guestHeaders();
    const { fileId } = await startUpload(server, 'sealed', guest);
    const table = collectionTables({ $id: 'sealed', databaseId: FILES_DATABASE }).documents;
    const uploader = async () => (await server.app.services.dialect.db.selectFrom(table).select('uploader').where('_uid', '=', fileId).executeTakeFirstOrThrow()).uploader;
    expect(await uploader()).toBe(`ip:${guest['x-forwarded-for']}`);
    await finishUpload(server, 'sealed', fileId, guest);
    expect(await uploader()).toBe('');
  });

  it('guests are counted per address (an anonymous session does not buy more)', async () => {
    const guest = guestHeaders();
    await fillTheCap(server, 'sealed', guest);
    await expectRefused(server, 'sealed', guest);
    const anonymous = await call(server, 'POST', '/account/sessions/anonymous', { headers: guest });
    await expectRefused(server, 'sealed', { ...guest, cookie: `${SESSION_COOKIE}=${encodeURIComponent(sessionTokenOf(anonymous))}` });
    expect((await startUpload(server, 'sealed', guestHeaders())).response.status).toBe(201);
  });

  it('the API key has no cap', async () => {
    const key = { 'x-appwrite-key': TEST_API_KEY };
    for (let n = 0; n <= CAP + 1; n++) expect((await startUpload(server, 'photos', key)).response.status).toBe(201);
  });

  it('the count holds across a restart, and uploads swept as abandoned free their places', async () => {
    const headers = await userHeaders(server, 'restart');
    await fillTheCap(server, 'photos', headers);
    await server.close();
    server = await startTestServer({ env, ...storage, keepData: true });
    await expectRefused(server, 'photos', headers);
    // Everything idle before this moment counts as abandoned (in production: 24 h without a chunk).
    const swept = await server.app.services.storage.files.sweepAbandonedUploads(new Date(Date.now() + 1000));
    expect(swept).toBeGreaterThanOrEqual(CAP);
    expect((await startUpload(server, 'photos', headers)).response.status).toBe(201);
  });
});

describe('uploads in progress without a cap [sqlite]', () => {
  for (const [name, env] of [
    ['UPLOADS_IN_PROGRESS_PER_USER=0', { UPLOADS_IN_PROGRESS_PER_USER: '0' }],
    ['ABUSE_LIMITS=disabled', { UPLOADS_IN_PROGRESS_PER_USER: '1', ABUSE_LIMITS: 'disabled' }],
  ] as const) {
    it(`${name}: a guest may keep any number in progress`, async () => {
      const server = await startTestServer({ env });
      try {
        const guest = guestHeaders();
        for (let n = 0; n < 4; n++) expect((await startUpload(server, 'sealed', guest)).response.status).toBe(201);
      } finally {
        await server.close();
      }
    });
  }

  it('the setting defaults to 10 and is validated', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/unused' }).uploadsInProgressPerUser).toBe(10);
    for (const bad of ['-1', '1.5', 'ten', '1001']) expect(() => loadConfig({ DATA_DIR: '/tmp/unused', UPLOADS_IN_PROGRESS_PER_USER: bad })).toThrow(ConfigError);
  });
});
