/**
 * `npm run storage:migrate`: a disk store holding a file, a preview and the chunks of an upload in
 * progress is copied into S3 (s3rver), and a server on STORAGE_URL serves the same bytes, the cached
 * preview and completes the upload; a second run copies nothing; `--to disk` brings it all back.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../../src/services/storage/blobs/s3-blob-store.ts';
import { parseStorageUrl } from '../../../src/services/storage/blobs/storage-url.ts';
import { startS3Server, type TestS3Server } from '../../support/s3-server.ts';
import { newTestStorage, removeTestData, startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';
import { CHUNK_SIZE, chunkOf, md5, postFilePart } from '../../support/upload-http.ts';

const SCRIPT = fileURLToPath(new URL('../../../../../scripts/storage-migrate.ts', import.meta.url));
const operator = { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY };
const PREVIEW = '/preview?width=40&output=png';

async function migrate(dataDir: string, to: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, '--to', to], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }, timeout: 120_000 });
  return stdout;
}

async function get(server: TestServer, path: string): Promise<Buffer> {
  const reply = await fetch(`${server.endpoint}/storage/buckets/photos/files/${path}`, { headers: operator });
  expect(reply.status, path).toBe(200);
  return Buffer.from(await reply.arrayBuffer());
}

describe('npm run storage:migrate', () => {
  let s3: TestS3Server;
  const storage = newTestStorage();
  const picture = { id: `pic${randomBytes(3).toString('hex')}`, bytes: new Uint8Array() as Uint8Array<ArrayBuffer> };
  const partial = { id: `part${randomBytes(3).toString('hex')}`, bytes: new Uint8Array(randomBytes(CHUNK_SIZE + 5000)) };
  let preview: Buffer;

  const start = (env: Record<string, string> = {}) => startTestServer({ ...storage, keepData: true, env });

  beforeAll(async () => {
    s3 = await startS3Server();
    picture.bytes = new Uint8Array(await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer());
    const server = await start();
    try {
      expect((await postFilePart(server.endpoint, 'photos', { fileId: picture.id, name: 'red.png', bytes: picture.bytes, headers: operator })).status).toBe(201);
      preview = await get(server, `${picture.id}${PREVIEW}`);
      const first = chunkOf(partial.bytes, 0);
      expect((await postFilePart(server.endpoint, 'photos', { fileId: partial.id, name: 'part.bin', bytes: first.bytes, range: first.range, headers: operator })).status).toBe(201);
    } finally {
      await server.close();
    }
  }, 120_000);

  afterAll(async () => {
    await s3?.stop();
    await removeTestData('sqlite', storage);
  });

  it('copies files, chunks and previews into S3, and the server serves them from there', { timeout: 180_000 }, async () => {
    const { STORAGE_URL: _current, ...credentials } = s3.env;
    const output = await migrate(storage.dataDir, s3.storageUrl, credentials);
    expect(output).toMatch(/files: 1 copied/);
    expect(output).toMatch(/chunks: 1 copied/);
    expect(output).toMatch(/previews: 1 copied/);
    // The disk copy is out of the way, so what follows can only come from S3.
    await rm(`${storage.dataDir}/storage`, { recursive: true, force: true });
    await rm(`${storage.dataDir}/cache`, { recursive: true, force: true });

    const server = await start(s3.env);
    try {
      expect(md5(await get(server, `${picture.id}/download`))).toBe(md5(picture.bytes));
      expect(await get(server, `${picture.id}${PREVIEW}`)).toEqual(preview);
      const second = chunkOf(partial.bytes, 1);
      const last = await postFilePart(server.endpoint, 'photos', { fileId: partial.id, name: 'part.bin', bytes: second.bytes, range: second.range, uploadId: partial.id, headers: operator });
      expect(last.status, await last.clone().text()).toBe(201);
      expect(await last.json()).toMatchObject({ signature: md5(partial.bytes), chunksUploaded: 2 });
    } finally {
      await server.close();
    }
  });

  it('copies nothing the second time', { timeout: 60_000 }, async () => {
    // Put back what the upload's completion removed, so the run has chunks to find already there.
    await store().putBytes(`chunks/photos/${partial.id}/0`, Buffer.from(chunkOf(partial.bytes, 0).bytes));
    await rm(`${storage.dataDir}/storage`, { recursive: true, force: true });
    const output = await migrate(storage.dataDir, 'disk', s3.env);
    expect(output).toMatch(/files: 2 copied/);
    const again = await migrate(storage.dataDir, 'disk', s3.env);
    expect(again).toMatch(/files: 0 copied .*, 2 already there/);
    expect(again).toMatch(/chunks: 0 copied .*, 1 already there/);
    expect(again).toMatch(/previews: 0 copied .*, 1 already there/);
  });

  it('brings everything back to disk with --to disk', { timeout: 60_000 }, async () => {
    const server = await start();
    try {
      expect(md5(await get(server, `${picture.id}/download`))).toBe(md5(picture.bytes));
      expect(md5(await get(server, `${partial.id}/download`))).toBe(md5(partial.bytes));
      expect(await get(server, `${picture.id}${PREVIEW}`)).toEqual(preview);
    } finally {
      await server.close();
    }
  });

  function store(): S3BlobStore {
    const { target } = parseStorageUrl(s3.storageUrl, s3.env);
    return new S3BlobStore(target as Extract<typeof target, { kind: 's3' }>);
  }
});
