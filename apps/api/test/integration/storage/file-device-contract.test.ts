/**
 * What every file device must do, run against the disk store and an S3-compatible one (s3rver
 * through the real AWS SDK): chunks joined in order with the right md5, ranges, atomic placing,
 * removal, the sweep's listing (past one page of ListObjectsV2) and a clear error for a missing chunk.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteError } from '../../../src/core/errors.ts';
import { BlobFileDevice } from '../../../src/services/storage/blob-file-device.ts';
import type { BlobStore } from '../../../src/services/storage/blobs/blob-store.ts';
import { DiskBlobStore } from '../../../src/services/storage/blobs/disk-blob-store.ts';
import { S3BlobStore } from '../../../src/services/storage/blobs/s3-blob-store.ts';
import { parseStorageUrl } from '../../../src/services/storage/blobs/storage-url.ts';
import type { HeldItem } from '../../../src/services/storage/file-device.ts';
import { PreviewCache, previewCacheKey } from '../../../src/services/storage/preview/preview-cache.ts';
import { startS3Server, type TestS3Server } from '../../support/s3-server.ts';

const MB = 1024 * 1024;

interface StoreUnderTest {
  name: string;
  open(): Promise<BlobStore>;
}

let s3: TestS3Server;
const folders: string[] = [];

async function folder(): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), 'file-device-'));
  folders.push(path);
  return path;
}

/** Each S3 case under a key prefix of its own, so cases do not see each other's objects. */
function s3Store(): S3BlobStore {
  const prefixed = s3.storageUrl.replace('?', `/case-${randomBytes(4).toString('hex')}?`);
  const { target, problems } = parseStorageUrl(prefixed, s3.env);
  expect(problems).toEqual([]);
  return new S3BlobStore(target as Extract<typeof target, { kind: 's3' }>);
}

const stores: StoreUnderTest[] = [
  { name: 'disk', open: async () => new DiskBlobStore(await folder()) },
  { name: 's3', open: async () => s3Store() },
];

beforeAll(async () => {
  s3 = await startS3Server();
}, 60_000);

afterAll(async () => {
  await s3?.stop();
  await Promise.all(folders.map((path) => rm(path, { recursive: true, force: true })));
});

async function tempFile(bytes: Buffer): Promise<string> {
  const path = join(await folder(), 'part');
  await writeFile(path, bytes);
  return path;
}

async function collect(items: AsyncIterable<HeldItem>): Promise<string[]> {
  const found: string[] = [];
  for await (const item of items) found.push(`${item.kind}:${item.bucketId}/${item.fileId}`);
  return found.sort();
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe.each(stores)('file device on $name', ({ open }) => {
  async function device() {
    const store = await open();
    const scratch = await folder();
    return { store, scratch, device: new BlobFileDevice(store, scratch) };
  }

  it('joins chunks in index order (whatever order they came in) and places the result in one step', async () => {
    const { device: files, scratch } = await device();
    const chunks = [randomBytes(3000), randomBytes(2000), randomBytes(1000)];
    for (const index of [2, 0, 1]) await files.putChunk('photos', 'f1', index, await tempFile(chunks[index]!));
    // Storing an index again replaces it.
    chunks[1] = randomBytes(2500);
    await files.putChunk('photos', 'f1', 1, await tempFile(chunks[1]));
    const whole = Buffer.concat(chunks);
    const staged = await files.joinChunks('photos', 'f1', 3);
    expect(staged).toMatchObject({ size: whole.length, md5: md5(whole) });
    expect(await files.readStaged(staged, { start: 10, end: 19 })).toEqual(whole.subarray(10, 20));
    expect(await files.placedSize('photos', 'f1')).toBeUndefined();
    await files.place(staged, 'photos', 'f1');
    await files.discard(staged);
    expect(await files.placedSize('photos', 'f1')).toBe(whole.length);
    expect(await files.read('photos', 'f1')).toEqual(whole);
    expect(await buffer(files.stream('photos', 'f1'))).toEqual(whole);
    // The staged file left the scratch folder.
    expect(await readdir(scratch)).toEqual([]);
  });

  it('streams byte ranges, first byte to last', async () => {
    const { device: files } = await device();
    const bytes = randomBytes(100_000);
    const staged = await joinedFrom(files, 'photos', 'ranged', bytes);
    await files.place(staged, 'photos', 'ranged');
    for (const [start, end] of [[0, 0], [0, 99_999], [5, 9], [99_990, 99_999], [40_000, 70_000]] as const) {
      expect(await buffer(files.stream('photos', 'ranged', { start, end }))).toEqual(bytes.subarray(start, end + 1));
    }
  });

  it('keeps sealed bytes that replaced the staged ones', async () => {
    const { device: files } = await device();
    const staged = await joinedFrom(files, 'photos', 'sealed', Buffer.from('original'));
    await files.replaceStaged(staged, Buffer.from('sealed bytes'));
    await files.place(staged, 'photos', 'sealed');
    expect((await files.read('photos', 'sealed')).toString()).toBe('sealed bytes');
  });

  it('places a file larger than one multipart part whole', async () => {
    const { device: files } = await device();
    const bytes = randomBytes(19 * MB);
    const staged = await joinedFrom(files, 'photos', 'large', bytes);
    await files.place(staged, 'photos', 'large');
    expect(await files.placedSize('photos', 'large')).toBe(bytes.length);
    expect(md5(await buffer(files.stream('photos', 'large')))).toBe(md5(bytes));
    expect(await buffer(files.stream('photos', 'large', { start: 9 * MB - 3, end: 9 * MB + 2 }))).toEqual(bytes.subarray(9 * MB - 3, 9 * MB + 3));
  }, 120_000);

  it('removes bytes, chunks or both; what is missing is not an error', async () => {
    const { device: files } = await device();
    await files.place(await joinedFrom(files, 'photos', 'gone', Buffer.from('bytes')), 'photos', 'gone');
    await files.putChunk('photos', 'gone', 0, await tempFile(Buffer.from('chunk')));
    await files.putChunk('photos', 'kept', 0, await tempFile(Buffer.from('chunk')));
    expect(await collect(files.held())).toEqual(['bytes:photos/gone', 'chunks:photos/gone', 'chunks:photos/kept']);
    await files.removeChunks('photos', 'gone');
    expect(await collect(files.held())).toEqual(['bytes:photos/gone', 'chunks:photos/kept']);
    await files.removeBytes('photos', 'gone');
    expect(await files.placedSize('photos', 'gone')).toBeUndefined();
    await files.delete('photos', 'kept');
    await files.delete('photos', 'never-there');
    expect(await collect(files.held())).toEqual([]);
  });

  it('lists everything it holds, past one page of a listing', async () => {
    const { device: files } = await device();
    const ids = Array.from({ length: 1010 }, (_, index) => `f${String(index).padStart(4, '0')}`);
    for (let start = 0; start < ids.length; start += 50) {
      await Promise.all(ids.slice(start, start + 50).map(async (id) => files.putChunk('docs', id, 0, await tempFile(Buffer.from(id)))));
    }
    await files.putChunk('docs', 'f0000', 1, await tempFile(Buffer.from('second')));
    const before = Date.now();
    const held: HeldItem[] = [];
    for await (const item of files.held()) held.push(item);
    expect(held.map((item) => item.fileId).sort()).toEqual(ids);
    expect(held.every((item) => item.kind === 'chunks' && item.changedAt.getTime() <= before + 1000)).toBe(true);
  }, 180_000);

  it('answers a chunk that is not in the store with a 503 naming the cause, and leaves no staged file', async () => {
    const { device: files, store, scratch } = await device();
    await files.putChunk('photos', 'holey', 0, await tempFile(Buffer.from('zero')));
    await files.putChunk('photos', 'holey', 2, await tempFile(Buffer.from('two')));
    const failure = await files.joinChunks('photos', 'holey', 3).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppwriteError);
    expect(failure).toMatchObject({ code: 503, type: 'general_service_unavailable' });
    expect((failure as Error).message).toMatch(store.shared ? /missing from the file storage/ : /another server process.*STORAGE_URL/);
    expect(await readdir(scratch)).toEqual([]);
  });

  it('keeps rendered previews, and forgets a file\'s or a bucket\'s', async () => {
    const cache = new PreviewCache(await open(), 'previews/');
    const key = (fileId: string, width: number) => previewCacheKey({ bucketId: 'photos', fileId, signature: 'md5', options: { width } });
    await cache.put(key('a', 10), { contentType: 'image/png', body: Buffer.from('a10') });
    await cache.put(key('a', 20), { contentType: 'image/png', body: Buffer.from('a20') });
    await cache.put(key('b', 10), { contentType: 'image/webp', body: Buffer.from('b10') });
    expect(await cache.get(key('b', 10))).toEqual({ contentType: 'image/webp', body: Buffer.from('b10') });
    await cache.invalidate('photos', 'a');
    expect(await cache.get(key('a', 10))).toBeUndefined();
    expect(await cache.get(key('a', 20))).toBeUndefined();
    expect(await cache.get(key('b', 10))).toBeDefined();
    await cache.invalidateBucket('photos');
    expect(await cache.get(key('b', 10))).toBeUndefined();
  });
});

async function joinedFrom(files: BlobFileDevice, bucketId: string, fileId: string, bytes: Buffer) {
  await files.putChunk(bucketId, fileId, 0, await tempFile(bytes));
  const staged = await files.joinChunks(bucketId, fileId, 1);
  await files.removeChunks(bucketId, fileId);
  return staged;
}
