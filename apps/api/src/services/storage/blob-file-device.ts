import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppwriteError } from '../../core/errors.ts';
import { BlobNotFound, type BlobStore } from './blobs/blob-store.ts';
import { ChunkJoin, hashFile } from './chunk-join.ts';
import { chunkWindow } from './chunk-window.ts';
import type { FileDevice, HeldItem, StagedFile } from './file-device.ts';
import { InOrderJoins } from './in-order-joins.ts';

/**
 * Files in a blob store (a folder on disk, or S3): `files/<bucket>/<id>` and `chunks/<bucket>/<id>/<index>`.
 * Joined files are staged in this process's scratch folder and never written where a reader could
 * see them half done; placing one is a rename on disk, a PUT (or a completed multipart upload) on S3.
 * On disk a chunk's request body can be written straight into its place in the joined file, and its
 * key made a link to that file (`landChunk`, InOrderJoins), so each byte is written once; chunks
 * stored by themselves are joined while they arrive, and a file in one stored chunk is not copied
 * at all: its staged file is a second link to the chunk.
 */
export class BlobFileDevice implements FileDevice {
  readonly store: BlobStore;
  private readonly scratchDir: string;
  /** Only for stores on local disk. */
  private readonly joins: InOrderJoins | undefined;
  private linkProbe: Promise<boolean> | undefined;

  constructor(store: BlobStore, scratchDir: string) {
    this.store = store;
    this.scratchDir = scratchDir;
    this.joins = store.localPath ? new InOrderJoins(scratchDir) : undefined;
  }

  /**
   * Writes a chunk's body straight into its place in its upload's joined file (local disk only) and
   * returns the path that stands for it until `putChunk` stores it or `discardReceived` forgets it;
   * undefined, with `body` untouched, when it cannot (the caller spools the body instead).
   * `fileId` is undefined for a first chunk whose id is not made yet.
   */
  async landChunk(bucketId: string, fileId: string | undefined, index: number, chunksTotal: number, body: AsyncIterable<Buffer>, expectedBytes: number | undefined): Promise<{ path: string; size: number } | undefined> {
    if (!this.joins || !(await this.linksWork())) return undefined;
    return this.joins.land(fileId === undefined ? undefined : `${bucketId}/${fileId}`, index, chunksTotal, body, expectedBytes);
  }

  async putChunk(bucketId: string, fileId: string, index: number, sourcePath: string, chunksTotal = 1): Promise<void> {
    const chunkPath = (at: number) => this.store.localPath!(chunkKey(bucketId, fileId, at));
    if (await this.joins?.commit(sourcePath, `${bucketId}/${fileId}`, index, chunkPath)) return;
    await this.store.putFile(chunkKey(bucketId, fileId, index), sourcePath);
    this.joins?.chunkStored(`${bucketId}/${fileId}`, index, chunksTotal, chunkPath);
  }

  async discardReceived(sourcePath: string): Promise<void> {
    if (this.joins?.release(sourcePath)) return;
    await rm(sourcePath, { force: true });
  }

  /** Whether a file in the scratch folder can be linked into the store (one file system), tried once. */
  private linksWork(): Promise<boolean> {
    this.linkProbe ??= (async () => {
      const probe = join(this.scratchDir, `probe-${randomBytes(6).toString('hex')}`);
      const target = join(this.store.localPath!('chunks'), `.probe-${randomBytes(6).toString('hex')}`);
      try {
        await mkdir(this.scratchDir, { recursive: true });
        await mkdir(dirname(target), { recursive: true });
        await writeFile(probe, '');
        await link(probe, target);
        return true;
      } catch {
        return false;
      } finally {
        await rm(probe, { force: true });
        await rm(target, { force: true });
      }
    })();
    return this.linkProbe;
  }

  async joinChunks(bucketId: string, fileId: string, count: number): Promise<StagedFile> {
    if (this.store.localPath) {
      const joined = await this.joins?.take(`${bucketId}/${fileId}`, count);
      return joined ?? this.joinOnDisk(bucketId, fileId, count);
    }
    await mkdir(this.scratchDir, { recursive: true });
    const ref = join(this.scratchDir, `joined-${randomBytes(8).toString('hex')}`);
    const md5 = createHash('md5');
    let size = 0;
    const store = this.store;
    // Sizes from one listing: a chunk copied here from a disk where it linked its upload's run is that whole run.
    const sizes = new Map<string, number>();
    for await (const entry of store.list(`chunks/${bucketId}/${fileId}/`)) sizes.set(entry.key, entry.size);
    // One pipeline from all chunks in turn (a pipeline per chunk into one output leaves its listeners behind on every chunk).
    async function* chunksInOrder(): AsyncGenerator<Buffer> {
      for (let index = 0; index < count; index++) {
        const key = chunkKey(bucketId, fileId, index);
        const stored = sizes.get(key);
        if (stored === undefined) throw new BlobNotFound(key);
        for await (const data of store.stream(key, chunkWindow(index, count, stored))) {
          md5.update(data as Buffer);
          size += (data as Buffer).length;
          yield data as Buffer;
        }
      }
    }
    try {
      await pipeline(chunksInOrder, createWriteStream(ref));
    } catch (error) {
      await rm(ref, { force: true });
      if (error instanceof BlobNotFound) throw this.chunkMissing();
      throw error;
    }
    return { ref, size, md5: md5.digest('hex') };
  }

  /** Every chunk read once from local disk: linked when there is only one, else copied into a new staged file. */
  private async joinOnDisk(bucketId: string, fileId: string, count: number): Promise<StagedFile> {
    const chunkPath = (index: number) => this.store.localPath!(chunkKey(bucketId, fileId, index));
    if (count === 1) {
      const linked = await this.linkChunk(chunkPath(0));
      if (linked) return linked;
    }
    const join = await ChunkJoin.create(this.scratchDir);
    try {
      for (let index = 0; index < count; index++) {
        if (!(await join.append(chunkPath(index), count))) throw this.chunkMissing();
      }
      return join.finish();
    } catch (error) {
      await join.abandon();
      throw error;
    }
  }

  /** The chunk as a staged file by a hard link, hashed; undefined where links are not possible (another file system). */
  private async linkChunk(chunkPath: string): Promise<StagedFile | undefined> {
    await mkdir(this.scratchDir, { recursive: true });
    const ref = join(this.scratchDir, `joined-${randomBytes(8).toString('hex')}`);
    try {
      await link(chunkPath, ref);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENOENT') throw this.chunkMissing();
      if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP') return undefined;
      throw error;
    }
    try {
      return { ref, ...(await hashFile(ref)) };
    } catch (error) {
      await rm(ref, { force: true });
      throw error;
    }
  }

  /**
   * A chunk the ledger counts is not in the store. On one machine's disk that is the sign of several
   * processes each with their own disk (the chunk went to another one): a server set-up problem that
   * the client cannot fix, so 503 rather than a 4xx; the chunks stay and the upload stays resumable.
   */
  private chunkMissing(): AppwriteError {
    return new AppwriteError('general_service_unavailable', this.store.shared
      ? 'A chunk of this upload is missing from the file storage. Send the missing chunk again, or upload the file again.'
      : 'A chunk of this upload was received by another server process, whose disk this one cannot read. Set STORAGE_URL so that every process shares one object store, or route all chunks of an upload to one process.');
  }

  async readStaged(staged: StagedFile, range?: { start: number; end: number }): Promise<Buffer> {
    if (!range) return readFile(staged.ref);
    const handle = await open(staged.ref, 'r');
    try {
      const buffer = Buffer.alloc(Math.max(0, Math.min(range.end + 1, staged.size) - range.start));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, range.start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async replaceStaged(staged: StagedFile, bytes: Buffer): Promise<void> {
    await writeFile(`${staged.ref}.next`, bytes);
    await rename(`${staged.ref}.next`, staged.ref);
  }

  async place(staged: StagedFile, bucketId: string, fileId: string): Promise<void> {
    await this.store.putFile(fileKey(bucketId, fileId), staged.ref);
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.ref, { force: true });
    await rm(`${staged.ref}.next`, { force: true });
  }

  async removeChunks(bucketId: string, fileId: string): Promise<void> {
    this.joins?.drop(`${bucketId}/${fileId}`);
    await this.store.removeAll(`chunks/${bucketId}/${fileId}/`);
  }

  async removeBytes(bucketId: string, fileId: string): Promise<void> {
    await this.store.remove(fileKey(bucketId, fileId));
  }

  placedSize(bucketId: string, fileId: string): Promise<number | undefined> {
    return this.store.size(fileKey(bucketId, fileId));
  }

  async read(bucketId: string, fileId: string): Promise<Buffer> {
    const key = fileKey(bucketId, fileId);
    const bytes = await this.store.read(key);
    if (!bytes) throw new BlobNotFound(key);
    return bytes;
  }

  stream(bucketId: string, fileId: string, range?: { start: number; end: number }): Readable {
    return this.store.stream(fileKey(bucketId, fileId), range);
  }

  async delete(bucketId: string, fileId: string): Promise<void> {
    await this.removeBytes(bucketId, fileId);
    await this.removeChunks(bucketId, fileId);
  }

  async *held(): AsyncIterable<HeldItem> {
    for await (const entry of this.store.list('files/')) {
      const [, bucketId, fileId, extra] = entry.key.split('/');
      if (bucketId && fileId && extra === undefined) yield { bucketId, fileId, kind: 'bytes', changedAt: entry.changedAt };
    }
    // A chunk set changed when its latest chunk arrived.
    const chunkSets = new Map<string, HeldItem>();
    for await (const entry of this.store.list('chunks/')) {
      const [, bucketId, fileId] = entry.key.split('/');
      if (!bucketId || !fileId) continue;
      const known = chunkSets.get(`${bucketId}/${fileId}`);
      if (!known) chunkSets.set(`${bucketId}/${fileId}`, { bucketId, fileId, kind: 'chunks', changedAt: entry.changedAt });
      else if (entry.changedAt > known.changedAt) known.changedAt = entry.changedAt;
    }
    yield* chunkSets.values();
  }
}

function fileKey(bucketId: string, fileId: string): string {
  return `files/${bucketId}/${fileId}`;
}

function chunkKey(bucketId: string, fileId: string, index: number): string {
  return `chunks/${bucketId}/${fileId}/${index}`;
}
