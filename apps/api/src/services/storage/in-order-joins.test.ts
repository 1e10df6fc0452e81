// Joining chunks on disk while they arrive: whatever the order, repeats, or removals, the staged
// file and its md5 are those of the chunks as stored when the last one is in, and an upload that
// stops half-way has no bytes a reader could see.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobFileDevice } from './blob-file-device.ts';
import { DiskBlobStore } from './blobs/disk-blob-store.ts';
import type { HeldItem } from './file-device.ts';

const CHUNK = 64 * 1024;
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((path) => rm(path, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const path = await mkdtemp(join(tmpdir(), 'in-order-joins-'));
  folders.push(path);
  return path;
}

async function setUp() {
  const root = await folder();
  const scratch = join(root, 'scratch');
  const device = new BlobFileDevice(new DiskBlobStore(join(root, 'storage')), scratch);
  let spooled = 0;
  const put = async (fileId: string, index: number, bytes: Buffer, chunksTotal: number) => {
    const path = join(root, `part-${++spooled}`);
    await writeFile(path, bytes);
    await device.putChunk('photos', fileId, index, path, chunksTotal);
  };
  const scratchFiles = async () => (await readdir(scratch).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));
  return { root, scratch, device, put, scratchFiles };
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const chunksOf = (count: number) => Array.from({ length: count }, (_, index) => randomBytes(index === count - 1 ? CHUNK / 2 + 7 : CHUNK));

async function held(items: AsyncIterable<HeldItem>): Promise<string[]> {
  const found: string[] = [];
  for await (const item of items) found.push(`${item.kind}:${item.fileId}`);
  return found.sort();
}

describe('joining chunks on disk as they arrive', () => {
  it.each([
    ['in order', [0, 1, 2, 3, 4]],
    ['first chunk, then the rest out of order', [0, 4, 2, 3, 1]],
    ['last chunk first', [4, 3, 2, 1, 0]],
  ])('%s: the staged file is the chunks in index order, with their md5', async (_name, order) => {
    const { device, put } = await setUp();
    const chunks = chunksOf(5);
    for (const index of order) await put('f1', index, chunks[index]!, chunks.length);
    const staged = await device.joinChunks('photos', 'f1', chunks.length);
    const whole = Buffer.concat(chunks);
    expect(staged).toMatchObject({ size: whole.length, md5: md5(whole) });
    expect((await readFile(staged.ref)).equals(whole)).toBe(true);
    await device.discard(staged);
  });

  it('a chunk stored again with other bytes after it was joined: the file has the bytes stored last', async () => {
    const { device, put } = await setUp();
    const chunks = chunksOf(3);
    for (const [index, bytes] of chunks.entries()) await put('f2', index, bytes, chunks.length);
    chunks[1] = randomBytes(CHUNK);
    await put('f2', 1, chunks[1], chunks.length);
    const staged = await device.joinChunks('photos', 'f2', chunks.length);
    expect(staged.md5).toBe(md5(Buffer.concat(chunks)));
    expect((await readFile(staged.ref)).equals(Buffer.concat(chunks))).toBe(true);
    await device.discard(staged);
  });

  it('an upload stopped half-way has no placed bytes, and removing its chunks leaves nothing in the scratch folder', async () => {
    const { device, put, scratchFiles } = await setUp();
    const chunks = chunksOf(4);
    await put('f3', 0, chunks[0]!, chunks.length);
    await put('f3', 1, chunks[1]!, chunks.length);
    expect(await held(device.held())).toEqual(['chunks:f3']);
    await device.removeChunks('photos', 'f3');
    for (let attempt = 0; attempt < 50 && (await scratchFiles()).length > 0; attempt++) await sleep(10);
    expect(await scratchFiles()).toEqual([]);
    expect(await held(device.held())).toEqual([]);
  });

  it('a file in one chunk is staged without a copy: the staged file is the stored chunk', async () => {
    const { root, device, put } = await setUp();
    const bytes = randomBytes(CHUNK + 3);
    await put('f4', 0, bytes, 1);
    const staged = await device.joinChunks('photos', 'f4', 1);
    expect(staged).toMatchObject({ size: bytes.length, md5: md5(bytes) });
    expect((await stat(staged.ref)).ino).toBe((await stat(join(root, 'storage', 'chunks', 'photos', 'f4', '0'))).ino);
    await device.place(staged, 'photos', 'f4');
    await device.removeChunks('photos', 'f4');
    expect((await device.read('photos', 'f4')).equals(bytes)).toBe(true);
  });

  it('a missing chunk is the same clear error as before, and leaves no staged file', async () => {
    const { device, put, scratchFiles } = await setUp();
    const chunks = chunksOf(3);
    await put('f5', 0, chunks[0]!, chunks.length);
    await put('f5', 2, chunks[2]!, chunks.length);
    await expect(device.joinChunks('photos', 'f5', chunks.length)).rejects.toMatchObject({ type: 'general_service_unavailable' });
    expect(await scratchFiles()).toEqual([]);
  });
});
