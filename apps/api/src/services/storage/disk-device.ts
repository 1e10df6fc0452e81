import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileDevice, StoredBytes } from './file-device.ts';

/** Files on the local disk: `<root>/files/<bucket>/<id>` and `<root>/chunks/<bucket>/<id>/<index>`. */
export class DiskDevice implements FileDevice {
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
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

  async assemble(bucketId: string, fileId: string, count: number): Promise<StoredBytes> {
    const target = this.filePath(bucketId, fileId);
    await mkdir(join(this.root, 'files', bucketId), { recursive: true });
    const partial = `${target}.assembling`;
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
      await pipeline(chunksInOrder, createWriteStream(partial));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, target);
    await rm(this.chunkDir(bucketId, fileId), { recursive: true, force: true });
    return { size, md5: md5.digest('hex') };
  }

  async write(bucketId: string, fileId: string, bytes: Buffer): Promise<void> {
    const target = this.filePath(bucketId, fileId);
    await writeFile(`${target}.rewrite`, bytes);
    await rename(`${target}.rewrite`, target);
  }

  read(bucketId: string, fileId: string): Promise<Buffer> {
    return readFile(this.filePath(bucketId, fileId));
  }

  stream(bucketId: string, fileId: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.filePath(bucketId, fileId), range ? { start: range.start, end: range.end } : {});
  }

  async delete(bucketId: string, fileId: string): Promise<void> {
    await rm(this.filePath(bucketId, fileId), { force: true });
    await rm(this.chunkDir(bucketId, fileId), { recursive: true, force: true });
  }
}
