/**
 * Two server processes on one PostgreSQL schema. With STORAGE_URL on an S3-compatible store (s3rver),
 * an upload whose chunks alternate between them assembles, both serve its bytes and ranges, and a
 * preview one of them rendered is the other's cache hit. With each process on its own disk, the
 * same upload answers a clear 503 instead of a 500, and stays resumable.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../../src/services/storage/blobs/s3-blob-store.ts';
import { parseStorageUrl } from '../../../src/services/storage/blobs/storage-url.ts';
import { startS3Server, type TestS3Server } from '../../support/s3-server.ts';
import { spawnServer, type SpawnedServer } from '../../support/spawned-server.ts';
import { newTestStorage, postgresAvailable, removeTestData, TEST_API_KEY, TEST_PROJECT } from '../../support/test-server.ts';
import { CHUNK_SIZE, chunkCount, chunkOf, md5, postFilePart } from '../../support/upload-http.ts';

const postgresUp = await postgresAvailable();
if (!postgresUp) console.warn('shared-object-storage.test.ts skipped: PostgreSQL not available');

const operator = { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY };

/** A PNG of noise just under the preview size limit (20,000,000 bytes): four 5 MiB chunks, and still rendered. */
async function noisePicture(): Promise<Uint8Array<ArrayBuffer>> {
  const side = 2575;
  const png = await sharp({ create: { width: side, height: side, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 }, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 0 }).toBuffer();
  expect(png.length).toBeGreaterThan(3 * CHUNK_SIZE);
  expect(png.length).toBeLessThan(20_000_000);
  return new Uint8Array(png);
}

/** Sends chunk i to servers[i % servers.length]; the last answer. */
async function uploadAlternating(servers: SpawnedServer[], fileId: string, bytes: Uint8Array<ArrayBuffer>): Promise<Response> {
  let last: Response | undefined;
  for (let index = 0; index < chunkCount(bytes.length); index++) {
    const { bytes: part, range } = chunkOf(bytes, index);
    last = await postFilePart(servers[index % servers.length]!.endpoint, 'photos', { fileId, name: 'noise.png', bytes: part, range, uploadId: index > 0 ? fileId : undefined, headers: operator });
    if (index < chunkCount(bytes.length) - 1) expect(last.status, await last.clone().text()).toBe(201);
  }
  return last!;
}

async function startTwo(env: (index: number) => Record<string, string>) {
  const storage = newTestStorage();
  const dataDirs = [storage.dataDir, mkdtempSync(join(tmpdir(), 'ballot-second-'))];
  const servers: SpawnedServer[] = [];
  // One after the other: the first applies the schema.
  for (const [index, dataDir] of dataDirs.entries()) servers.push(await spawnServer('postgres', { dataDir, pgSchema: storage.pgSchema, env: env(index) }));
  return {
    servers,
    async stop() {
      await Promise.all(servers.map((server) => server.stop('SIGTERM')));
      for (const dataDir of dataDirs) await removeTestData('postgres', { dataDir, pgSchema: storage.pgSchema });
    },
  };
}

describe.skipIf(!postgresUp)('two processes sharing an S3-compatible store', () => {
  let s3: TestS3Server;
  let pair: Awaited<ReturnType<typeof startTwo>>;
  let picture: Uint8Array<ArrayBuffer>;
  const fileId = `noise${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    s3 = await startS3Server();
    picture = await noisePicture();
    pair = await startTwo(() => s3.env);
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
    await s3?.stop();
  }, 60_000);

  it('assembles a 20 MB upload whose chunks alternate between them, with the right md5', { timeout: 180_000 }, async () => {
    const last = await uploadAlternating(pair.servers, fileId, picture);
    expect(last.status, await last.clone().text()).toBe(201);
    expect(await last.json()).toMatchObject({ $id: fileId, signature: md5(picture), sizeOriginal: picture.length, chunksTotal: 4, chunksUploaded: 4 });
    for (const server of pair.servers) {
      const download = await fetch(`${server.endpoint}/storage/buckets/photos/files/${fileId}/download`, { headers: operator });
      expect(download.status).toBe(200);
      expect(md5(new Uint8Array(await download.arrayBuffer()))).toBe(md5(picture));
    }
    // Nothing is left of the chunks.
    const chunks: string[] = [];
    for await (const entry of objectStore(s3).list('chunks/')) chunks.push(entry.key);
    expect(chunks).toEqual([]);
  });

  it('serves byte ranges from the store, across chunk boundaries', { timeout: 60_000 }, async () => {
    for (const [start, end] of [[0, 0], [CHUNK_SIZE - 5, CHUNK_SIZE + 4], [picture.length - 10, picture.length - 1]] as const) {
      const reply = await fetch(`${pair.servers[1]!.endpoint}/storage/buckets/photos/files/${fileId}/view`, { headers: { ...operator, range: `bytes=${start}-${end}` } });
      expect(reply.status).toBe(206);
      expect(reply.headers.get('content-range')).toBe(`bytes ${start}-${end}/${picture.length}`);
      expect(Buffer.from(await reply.arrayBuffer())).toEqual(Buffer.from(picture.subarray(start, end + 1)));
    }
  });

  it('renders a preview on one process, and the other serves it from the store without rendering', { timeout: 120_000 }, async () => {
    const [first, second] = pair.servers as [SpawnedServer, SpawnedServer];
    const previewPath = `/storage/buckets/photos/files/${fileId}/preview?width=160&output=png`;
    const rendered = await fetch(`${first.endpoint}${previewPath}`, { headers: operator });
    expect(rendered.status).toBe(200);
    expect((await sharp(Buffer.from(await rendered.arrayBuffer())).metadata()).width).toBe(160);

    const store = objectStore(s3);
    const cached: string[] = [];
    for await (const entry of store.list(`previews/photos/${fileId}/`)) cached.push(entry.key);
    expect(cached).toHaveLength(1);
    // Swapped for a marker: the other process answers with the marker only if it reads the store instead of rendering.
    const marker = await sharp({ create: { width: 7, height: 3, channels: 3, background: { r: 0, g: 128, b: 0 } } }).png().toBuffer();
    await store.putBytes(cached[0]!, Buffer.concat([Buffer.from('image/png\n'), marker]));
    const served = await fetch(`${second.endpoint}${previewPath}`, { headers: operator });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(marker);
  });

  it('deletes the file\'s bytes and previews from the store', { timeout: 60_000 }, async () => {
    const reply = await fetch(`${pair.servers[0]!.endpoint}/storage/buckets/photos/files/${fileId}`, { method: 'DELETE', headers: operator });
    expect(reply.status).toBe(204);
    const left: string[] = [];
    for await (const entry of objectStore(s3).list('')) if (entry.key.includes(fileId)) left.push(entry.key);
    expect(left).toEqual([]);
  });
});

describe.skipIf(!postgresUp)('two processes each on their own disk', () => {
  let pair: Awaited<ReturnType<typeof startTwo>>;

  beforeAll(async () => {
    pair = await startTwo(() => ({}));
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
  }, 60_000);

  it('answer an upload whose chunks went to both with 503 naming the cause, and keep it resumable', { timeout: 120_000 }, async () => {
    const bytes = new Uint8Array(randomBytes(2 * CHUNK_SIZE + 1000));
    const fileId = `split${randomBytes(4).toString('hex')}`;
    const last = await uploadAlternating(pair.servers, fileId, bytes);
    expect(last.status).toBe(503);
    const body = (await last.json()) as { type: string; message: string };
    expect(body.type).toBe('general_service_unavailable');
    expect(body.message).toMatch(/another server process.*STORAGE_URL/);
    const state = await fetch(`${pair.servers[1]!.endpoint}/storage/buckets/photos/files/${fileId}`, { headers: operator });
    expect(await state.json()).toMatchObject({ chunksTotal: 3, chunksUploaded: 2, signature: '' });
    // The chunk that went to the other process, sent again to the one holding the rest, completes it.
    const { bytes: part, range } = chunkOf(bytes, 1);
    const resent = await postFilePart(pair.servers[0]!.endpoint, 'photos', { fileId, name: 'split.bin', bytes: part, range, uploadId: fileId, headers: operator });
    expect(resent.status, await resent.clone().text()).toBe(201);
    expect(await resent.json()).toMatchObject({ chunksUploaded: 3, signature: createHash('md5').update(bytes).digest('hex') });
  });
});

function objectStore(server: TestS3Server): S3BlobStore {
  const { target } = parseStorageUrl(server.storageUrl, server.env);
  return new S3BlobStore(target as Extract<typeof target, { kind: 's3' }>);
}
