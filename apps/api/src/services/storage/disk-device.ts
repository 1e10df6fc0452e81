import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileDevice, HeldItem, StagedFile } from './file-device.ts';

/**
 * Files on the local disk: `<root>/files/<bucket>/<id>` and `<root>/chunks/<bucket>/<id>/<index>`.
 * Joined files are staged in this process's scratch folder (on the same disk, so placing them is a
 * rename) and never written where a reader could see them half done.
 */
export class DiskDevice implements FileDevice {
  private readonly root: string;
  private readonly scratchDir: string;

  constructor(root: string, scratchDir: string) {
    this.root = root;
    this.scratchDir = scratchDir;
  }

  private filePath(bucketId: string, fileId: string): string {
    return join(this.root, 'files', bucketId, fileId);
  }

  private chunkDir(bucketId: string, fileId: string): string {
    return join(this.root, 'chunks', bucketId, fileId);
  }

  async putChunk(bucketId: string, fileId: string, index: number, sourcePath: string): Promise<void> {
    const dir = this.chunkDir(bucketId, fileId);
    await mkdir(dir, { recursive: true });
    await rename(sourcePath, join(dir, String(index)));
  }

  async joinChunks(bucketId: string, fileId: string, count: number): Promise<StagedFile> {
    await mkdir(this.scratchDir, { recursive: true });
    const ref = join(this.scratchDir, `joined-${randomBytes(8).toString('hex')}`);
    const md5 = createHash('md5');
    let size = 0;
    const chunkDir = this.chunkDir(bucketId, fileId);
    // One pipeline from all chunks in turn (a pipeline per chunk into one output leaves its listeners behind on every chunk).
    async function* chunksInOrder(): AsyncGenerator<Buffer> {
      for (let index = 0; index < count; index++) {
        for await (const data of createReadStream(join(chunkDir, String(index)))) {
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
      throw error;
    }
    return { ref, size, md5: md5.digest('hex') };
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
    await mkdir(join(this.root, 'files', bucketId), { recursive: true });
    await rename(staged.ref, this.filePath(bucketId, fileId));
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.ref, { force: true });
    await rm(`${staged.ref}.next`, { force: true });
  }

  async removeChunks(bucketId: string, fileId: string): Promise<void> {
    await rm(this.chunkDir(bucketId, fileId), { recursive: true, force: true });
  }

  async removeBytes(bucketId: string, fileId: string): Promise<void> {
    await rm(this.filePath(bucketId, fileId), { force: true });
  }

  async placedSize(bucketId: string, fileId: string): Promise<number | undefined> {
    try {
      return (await stat(this.filePath(bucketId, fileId))).size;
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  read(bucketId: string, fileId: string): Promise<Buffer> {
    return readFile(this.filePath(bucketId, fileId));
  }

  stream(bucketId: string, fileId: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.filePath(bucketId, fileId), range ? { start: range.start, end: range.end } : {});
  }

  async delete(bucketId: string, fileId: string): Promise<void> {
    await this.removeBytes(bucketId, fileId);
    await this.removeChunks(bucketId, fileId);
  }

  async *held(): AsyncIterable<HeldItem> {
    for (const [kind, folder] of [['bytes', 'files'], ['chunks', 'chunks']] as const) {
      for (const bucketId of await namesIn(join(this.root, folder))) {
        for (const fileId of await namesIn(join(this.root, folder, bucketId))) {
          const changed = await stat(join(this.root, folder, bucketId, fileId)).catch(() => undefined);
          // ctime: a rename into place or a chunk added changes it, whatever the content's own mtime.
          if (changed) yield { bucketId, fileId, kind, changedAt: changed.ctime };
        }
      }
    }
  }
}

async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}
