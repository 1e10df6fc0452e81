/**
 * Chunks whose request body is written straight into the upload's joined file (upload-run.ts), seen
 * through HTTP: in order, out of order and several at once, a chunk sent again with other bytes, a
 * body cut off half-way (nothing stored, and the chunk can be sent again), a chunk refused after its
 * bytes arrived, and a compressed and encrypted bucket: the signature is always the md5 of what was
 * sent last for each chunk, and the download is those bytes.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartUpload, openRaw, sleep } from '../../support/raw-http.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';
import { CHUNK_SIZE, chunkCount, chunkOf, md5, postFilePart, randomContent } from '../../support/upload-http.ts';

const operator = { 'x-appwrite-key': TEST_API_KEY };
let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const newId = () => `streamed-${++counter}`;

async function sendChunk(bucketId: string, fileId: string, source: Uint8Array<ArrayBuffer>, index: number, headers: Record<string, string> = operator): Promise<Response> {
  return postFilePart(server.endpoint, bucketId, { fileId, name: 'upload.bin', ...chunkOf(source, index), ...(index > 0 ? { uploadId: fileId } : {}), headers });
}

async function expectStored(bucketId: string, fileId: string, expected: Uint8Array): Promise<void> {
  const model = await (await fetch(`${server.endpoint}/storage/buckets/${bucketId}/files/${fileId}`, { headers: { 'x-appwrite-project': TEST_PROJECT, ...operator } })).json();
  expect(model).toMatchObject({ signature: md5(expected), sizeOriginal: expected.length, chunksUploaded: chunkCount(expected.length) });
  const download = await fetch(`${server.endpoint}/storage/buckets/${bucketId}/files/${fileId}/download`, { headers: { 'x-appwrite-project': TEST_PROJECT, ...operator } });
  expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(expected))).toBe(true);
  // Assembled: no chunk of it is left.
  expect(existsSync(join(server.dataDir, 'storage', 'chunks', bucketId, fileId))).toBe(false);
}

const storedChunks = (fileId: string) => {
  const folder = join(server.dataDir, 'storage', 'chunks', 'photos', fileId);
  return existsSync(folder) ? readdirSync(folder).filter((name) => !name.startsWith('.')).sort() : [];
};

describe('chunks written straight into place', () => {
  it('in order, one at a time: the file and its md5', async () => {
    const source = randomContent(2 * CHUNK_SIZE + 4321);
    const fileId = newId();
    for (let index = 0; index < 3; index++) expect((await sendChunk('photos', fileId, source, index)).status).toBe(201);
    await expectStored('photos', fileId, source);
  });

  it('the first chunk alone, then the rest several at once and out of order', async () => {
    const source = randomContent(5 * CHUNK_SIZE + 17);
    const fileId = newId();
    expect((await sendChunk('photos', fileId, source, 0)).status).toBe(201);
    const answers = await Promise.all([4, 2, 5, 1, 3].map((index) => sendChunk('photos', fileId, source, index)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    await expectStored('photos', fileId, source);
  });

  it('a chunk sent again with other bytes: the file has the bytes sent last', async () => {
    const source = randomContent(2 * CHUNK_SIZE + 99);
    const fileId = newId();
    expect((await sendChunk('photos', fileId, source, 0)).status).toBe(201);
    expect((await sendChunk('photos', fileId, source, 1)).status).toBe(201);
    source.set(randomContent(CHUNK_SIZE), CHUNK_SIZE);
    expect((await sendChunk('photos', fileId, source, 1)).status).toBe(201);
    expect((await sendChunk('photos', fileId, source, 2)).status).toBe(201);
    await expectStored('photos', fileId, source);
  });

  it('a body cut off half-way stores nothing; the chunk sent again completes the file with the right md5', async () => {
    const source = randomContent(2 * CHUNK_SIZE + 5);
    const fileId = newId();
    expect((await sendChunk('photos', fileId, source, 0)).status).toBe(201);
    const { bytes, range } = chunkOf(source, 1);
    const { contentType, body } = multipartUpload(fileId, 'upload.bin', Buffer.from(bytes));
    const connection = await openRaw(server.url);
    const head = [
      'POST /v1/storage/buckets/photos/files HTTP/1.1', `Host: 127.0.0.1`, `x-appwrite-project: ${TEST_PROJECT}`, `x-appwrite-key: ${TEST_API_KEY}`,
      `x-appwrite-id: ${fileId}`, `content-range: bytes ${range.start}-${range.end}/${range.total}`, `content-type: ${contentType}`, `content-length: ${body.length}`, '', '',
    ].join('\r\n');
    await connection.write(head);
    await connection.write(body.subarray(0, body.length / 2));
    await sleep(200);
    connection.socket.destroy();
    await connection.closed;
    await sleep(200);
    expect(storedChunks(fileId)).toEqual(['0']);
    const model = await (await fetch(`${server.endpoint}/storage/buckets/photos/files/${fileId}`, { headers: { 'x-appwrite-project': TEST_PROJECT, ...operator } })).json();
    expect(model.chunksUploaded).toBe(1);
    expect((await sendChunk('photos', fileId, source, 1)).status).toBe(201);
    expect((await sendChunk('photos', fileId, source, 2)).status).toBe(201);
    await expectStored('photos', fileId, source);
  });

  it('a chunk refused before (a guest) or after its bytes arrived (fewer than its range says) stores nothing', async () => {
    const source = randomContent(2 * CHUNK_SIZE + 5);
    const fileId = newId();
    expect((await sendChunk('photos', fileId, source, 0)).status).toBe(201);
    const refused = await sendChunk('photos', fileId, source, 1, {});
    expect(refused.status).toBe(401);
    const wrongLength = await postFilePart(server.endpoint, 'photos', { fileId, name: 'upload.bin', bytes: randomContent(1000), range: { start: CHUNK_SIZE, end: 2 * CHUNK_SIZE - 1, total: source.length }, uploadId: fileId, headers: operator });
    // Its bytes were written in place (its Content-Range passed the checks made before the body), then refused.
    expect(wrongLength.status).toBe(400);
    expect((await wrongLength.json()).type).toBe('storage_invalid_content_range');
    expect(storedChunks(fileId)).toEqual(['0']);
    expect((await sendChunk('photos', fileId, source, 1)).status).toBe(201);
    expect((await sendChunk('photos', fileId, source, 2)).status).toBe(201);
    await expectStored('photos', fileId, source);
  });

  it('a compressed and encrypted bucket, and a file in one request', async () => {
    const source = randomContent(CHUNK_SIZE + 777);
    const fileId = newId();
    for (let index = 0; index < 2; index++) expect((await sendChunk('sealed', fileId, source, index)).status).toBe(201);
    await expectStored('sealed', fileId, source);
    const single = randomContent(300_000);
    const singleId = newId();
    expect((await postFilePart(server.endpoint, 'photos', { fileId: singleId, name: 'one.bin', bytes: single, headers: operator })).status).toBe(201);
    await expectStored('photos', singleId, single);
  });
});
