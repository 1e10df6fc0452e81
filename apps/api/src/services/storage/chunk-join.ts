import { createHash, randomBytes, type Hash } from 'node:crypto';
import { mkdir, open, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { chunkWindow } from './chunk-window.ts';
import type { StagedFile } from './file-device.ts';

/** Chunks are read and written in blocks of this size: few system calls. */
const BLOCK_BYTES = 1024 * 1024;
/** Blocks not in use, kept for the next read instead of becoming garbage. */
const spareBlocks: Buffer[] = [];

/** Which file a joined chunk was: a chunk stored again is renamed over the old one, so it is another inode. */
export interface ChunkIdentity {
  path: string;
  ino: bigint;
  size: bigint;
  ctimeNs: bigint;
}

/**
 * An upload's chunks on a local disk copied, in index order, into one staged file in the scratch
 * folder, with the md5 updated from the same block as it is written: each byte is read once,
 * hashed once and written once. Until it is finished the staged file is this process's alone.
 */
export class ChunkJoin {
  readonly ref: string;
  private readonly md5 = createHash('md5');
  private readonly joined: ChunkIdentity[] = [];
  private size = 0;

  private constructor(ref: string) {
    this.ref = ref;
  }

  static async create(scratchDir: string): Promise<ChunkJoin> {
    await mkdir(scratchDir, { recursive: true });
    const ref = join(scratchDir, `joined-${randomBytes(8).toString('hex')}`);
    // Opened per append rather than held: a join that is never finished (its upload abandoned) holds no descriptor.
    await (await open(ref, 'wx')).close();
    return new ChunkJoin(ref);
  }

  /** How many chunks are in: the index of the next one to append. */
  get next(): number {
    return this.joined.length;
  }

  /**
   * Appends chunk `this.next` of `chunksTotal`, stored at `path`. False when there is no such chunk
   * (yet); any other failure throws and leaves the join unusable (its md5 may have taken part of a chunk).
   */
  async append(path: string, chunksTotal: number): Promise<boolean> {
    const input = await openChunk(path);
    if (!input) return false;
    const output = await open(this.ref, 'r+').catch(async (error: unknown) => {
      await input.close();
      throw error;
    });
    try {
      const copied = await copyChunk(input, path, this.next, chunksTotal, output, this.size, this.md5);
      this.size += copied.length;
      this.joined.push(copied.identity);
      return true;
    } finally {
      await output.close();
    }
  }

  /** True when every joined chunk is still the file it was when joined (none was stored again since). */
  async stillMatches(): Promise<boolean> {
    for (const chunk of this.joined) {
      const now = await stat(chunk.path, { bigint: true }).catch(() => undefined);
      if (!now || now.ino !== chunk.ino || now.size !== chunk.size || now.ctimeNs !== chunk.ctimeNs) return false;
    }
    return true;
  }

  /** The staged file (the join is used up). */
  finish(): StagedFile {
    return { ref: this.ref, size: this.size, md5: this.md5.digest('hex') };
  }

  async abandon(): Promise<void> {
    await rm(this.ref, { force: true });
  }
}

/** Size and md5 of a local file. */
export async function hashFile(path: string): Promise<{ size: number; md5: string }> {
  const md5 = createHash('md5');
  let size = 0;
  const input = await open(path, 'r');
  try {
    await eachBlock(input, (data) => {
      md5.update(data);
      size += data.length;
    });
  } finally {
    await input.close();
  }
  return { size, md5: md5.digest('hex') };
}

/** The chunk stored at `path`, opened for reading; undefined when there is none. */
export async function openChunk(path: string): Promise<FileHandle | undefined> {
  try {
    return await open(path, 'r');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Copies chunk `index` of `chunksTotal`, opened from `path` (the file, or its window in a run it
 * links), to `position` of `output`, hashing it on the way; closes `input`.
 */
export async function copyChunk(input: FileHandle, path: string, index: number, chunksTotal: number, output: FileHandle, position: number, md5: Hash): Promise<{ length: number; identity: ChunkIdentity }> {
  try {
    const info = await input.stat({ bigint: true });
    const window = chunkWindow(index, chunksTotal, Number(info.size));
    let length = 0;
    await eachBlock(input, async (data) => {
      md5.update(data);
      await writeAll(output, data, position + length);
      length += data.length;
    }, window);
    return { length, identity: { path, ino: info.ino, size: info.size, ctimeNs: info.ctimeNs } };
  } finally {
    await input.close();
  }
}

/**
 * Reads [start, end] of the file (default: all of it), a block at a time (the block is reused: `use`
 * must not keep it).
 */
export async function eachBlock(input: FileHandle, use: (data: Buffer) => unknown, range?: { start: number; end: number }): Promise<void> {
  const block = spareBlocks.pop() ?? Buffer.allocUnsafe(BLOCK_BYTES);
  let position = range?.start ?? 0;
  const end = range ? range.end + 1 : Number.POSITIVE_INFINITY;
  try {
    while (position < end) {
      const { bytesRead } = await input.read(block, 0, Math.min(BLOCK_BYTES, end - position), position);
      if (bytesRead === 0) return;
      position += bytesRead;
      await use(block.subarray(0, bytesRead));
    }
  } finally {
    if (spareBlocks.length < 8) spareBlocks.push(block);
  }
}

export async function writeAll(output: FileHandle, data: Buffer, position: number): Promise<void> {
  let written = 0;
  while (written < data.length) {
    const { bytesWritten } = await output.write(data, written, data.length - written, position + written);
    written += bytesWritten;
  }
}
