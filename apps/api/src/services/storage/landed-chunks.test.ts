// Chunks written straight into their upload's joined file (BlobFileDevice.landChunk): whatever the
// order, a chunk sent again, a body cut off half-way or a chunk refused after it landed, the joined
// file and its md5 are those of the chunks as stored, and nothing half-written is ever stored.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobFileDevice } from './blob-file-device.ts';
import { DiskBlobStore } from './blobs/disk-blob-store.ts';
import { CHUNK_SIZE } from './content-range.ts';

const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((path) => rm(path, { recursive: true, force: true })));
});

async function setUp() {
  const root = await mkdtemp(join(tmpdir(), 'landed-chunks-'));
  folders.push(root);
  const storage = join(root, 'storage');
  const device = new BlobFileDevice(new DiskBlobStore(storage), join(root, 'scratch'));
  let spooled = 0;
  /** The chunk written in place and stored, as a request whose checks pass does it. */
  const land = async (fileId: string | undefined, index: number, chunks: Buffer[], storedAs = fileId) => {
    const landed = await device.landChunk('photos', fileId, index, chunks.length, inPieces(chunks[index]!), chunks[index]!.length);
    if (!landed) return false;
    expect(landed.size).toBe(chunks[index]!.length);
    await device.putChunk('photos', storedAs!, index, landed.path, chunks.length);
    return true;
  };
  /** The chunk spooled to a temporary file and stored, as a request that could not land does it. */
  const spool = async (fileId: string, index: number, chunks: Buffer[]) => {
    const path = join(root, `part-${++spooled}`);
    await writeFile(path, chunks[index]!);
    await device.putChunk('photos', fileId, index, path, chunks.length);
  };
  const chunkFile = (fileId: string, index: number) => join(storage, 'chunks', 'photos', fileId, String(index));
  return { root, device, land, spool, chunkFile };
}

/** A request body as the multipart parser hands it out: in pieces of uneven size. */
function inPieces(bytes: Buffer, failAfter?: number): Readable {
  return Readable.from((function* () {
    for (let at = 0; at < bytes.length; at += 65_000 + (at % 7)) {
      if (failAfter !== undefined && at >= failAfter) throw new Error('the client went away');
      yield bytes.subarray(at, at + 65_000 + (at % 7));
    }
  })());
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const chunksOf = (count: number, last = 1000) => Array.from({ length: count }, (_, index) => randomBytes(index === count - 1 ? last : CHUNK_SIZE));

async function expectJoined(device: BlobFileDevice, fileId: string, chunks: Buffer[]) {
  const staged = await device.joinChunks('photos', fileId, chunks.length);
  const whole = Buffer.concat(chunks);
  expect(staged).toMatchObject({ size: whole.length, md5: md5(whole) });
  expect((await readFile(staged.ref)).equals(whole)).toBe(true);
  return staged;
}

describe('chunks written in place as they arrive', () => {
  it('in order: every stored chunk is a link to the joined file, which is placed as it is', async () => {
    const { device, land, chunkFile } = await setUp();
    const chunks = chunksOf(3);
    for (const index of [0, 1, 2]) expect(await land('f1', index, chunks)).toBe(true);
    const staged = await expectJoined(device, 'f1', chunks);
    const joinedInode = (await stat(staged.ref)).ino;
    for (const index of [0, 1, 2]) expect((await stat(chunkFile('f1', index))).ino).toBe(joinedInode);
    await device.place(staged, 'photos', 'f1');
    await device.removeChunks('photos', 'f1');
    expect((await device.read('photos', 'f1')).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('a first chunk whose id is made when it is stored, and a file in one request', async () => {
    const { device, land } = await setUp();
    const chunks = chunksOf(2);
    expect(await land(undefined, 0, chunks, 'f2')).toBe(true);
    expect(await land('f2', 1, chunks)).toBe(true);
    await expectJoined(device, 'f2', chunks);
    const single = [randomBytes(CHUNK_SIZE + 12_345)];
    expect(await land('f3', 0, single)).toBe(true);
    await expectJoined(device, 'f3', single);
  });

  it('out of order and several at once: later chunks land in their places, spooled ones are copied in', async () => {
    const { device, land, spool } = await setUp();
    const chunks = chunksOf(5);
    expect(await land('f4', 0, chunks)).toBe(true);
    expect(await Promise.all([land('f4', 3, chunks), land('f4', 1, chunks), land('f4', 2, chunks)])).toEqual([true, true, true]);
    await spool('f4', 4, chunks);
    await expectJoined(device, 'f4', chunks);
  });

  it('a chunk that is not the first, with no joined file here (another process had the first), is spooled', async () => {
    const { root, device, spool } = await setUp();
    const chunks = chunksOf(3);
    const other = new BlobFileDevice(new DiskBlobStore(join(root, 'storage')), join(root, 'scratch-other'));
    const first = await other.landChunk('photos', 'f5', 0, 3, inPieces(chunks[0]!), CHUNK_SIZE);
    await other.putChunk('photos', 'f5', 0, first!.path, 3);
    expect(await device.landChunk('photos', 'f5', 1, 3, inPieces(chunks[1]!), CHUNK_SIZE)).toBeUndefined();
    await spool('f5', 1, chunks);
    await spool('f5', 2, chunks);
    await expectJoined(device, 'f5', chunks);
    await expectJoined(other, 'f5', chunks);
  });

  it('a chunk sent again has no place (it is spooled), and the file has the bytes stored last', async () => {
    const { device, land, spool } = await setUp();
    const chunks = chunksOf(3);
    for (const index of [0, 1, 2]) await land('f6', index, chunks);
    chunks[1] = randomBytes(CHUNK_SIZE);
    expect(await land('f6', 1, chunks)).toBe(false);
    await spool('f6', 1, chunks);
    await expectJoined(device, 'f6', chunks);
  });

  it('a body cut off half-way stores nothing, and the chunk sent again lands and joins with the right md5', async () => {
    const { device, land, chunkFile } = await setUp();
    const chunks = chunksOf(3);
    await land('f7', 0, chunks);
    await expect(device.landChunk('photos', 'f7', 1, 3, inPieces(chunks[1]!, 2_000_000), CHUNK_SIZE)).rejects.toThrow('the client went away');
    await expect(stat(chunkFile('f7', 1))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await land('f7', 1, chunks)).toBe(true);
    expect(await land('f7', 2, chunks)).toBe(true);
    await expectJoined(device, 'f7', chunks);
  });

  it('a chunk refused after it landed (discarded, never stored) leaves its place free and the md5 as it was', async () => {
    const { device, land, chunkFile } = await setUp();
    const chunks = chunksOf(3);
    await land('f8', 0, chunks);
    const refused = await device.landChunk('photos', 'f8', 1, 3, inPieces(randomBytes(CHUNK_SIZE)), CHUNK_SIZE);
    await device.discardReceived(refused!.path);
    await expect(stat(chunkFile('f8', 1))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await land('f8', 1, chunks)).toBe(true);
    expect(await land('f8', 2, chunks)).toBe(true);
    await expectJoined(device, 'f8', chunks);
  });

  it('after a restart (a new process, no joined file in memory) the stored chunks join from their keys', async () => {
    const { root, land, spool } = await setUp();
    const chunks = chunksOf(3);
    await land('f9', 0, chunks);
    await land('f9', 1, chunks);
    const restarted = new BlobFileDevice(new DiskBlobStore(join(root, 'storage')), join(root, 'scratch-2'));
    await spool('f9', 2, chunks);
    await expectJoined(restarted, 'f9', chunks);
  });

  it('a chunk with more bytes than its range announces is counted but not written past its place', async () => {
    const { device, chunkFile } = await setUp();
    const chunks = chunksOf(2);
    const first = await device.landChunk('photos', 'f10', 0, 2, inPieces(chunks[0]!), CHUNK_SIZE);
    await device.putChunk('photos', 'f10', 0, first!.path, 2);
    const long = await device.landChunk('photos', 'f10', 1, 2, inPieces(randomBytes(5000)), 1000);
    expect(long!.size).toBe(5000);
    await device.discardReceived(long!.path);
    expect((await stat(chunkFile('f10', 0))).size).toBe(CHUNK_SIZE);
  });

  it('removing an upload\'s chunks leaves nothing in the scratch folder', async () => {
    const { root, device, land } = await setUp();
    const chunks = chunksOf(3);
    await land('f11', 0, chunks);
    await land('f11', 1, chunks);
    await device.removeChunks('photos', 'f11');
    for (let attempt = 0; attempt < 50 && (await readdir(join(root, 'scratch'))).some((name) => name.startsWith('joined-')); attempt++) await new Promise((done) => setTimeout(done, 10));
    expect((await readdir(join(root, 'scratch'))).filter((name) => name.startsWith('joined-'))).toEqual([]);
  });
});
