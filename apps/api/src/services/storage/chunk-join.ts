import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { StagedFile } from './file-device.ts';

/** Chunks are read and written in blocks of this size: few system calls. */
const BLOCK_BYTES = 1024 * 1024;
/** Blocks not in use, kept for the next read instead of becoming garbage. */
const spareBlocks: Buffer[] = [];

/** Which file a joined chunk was: a chunk stored again is renamed over the old one, so it is another inode. */
interface ChunkIdentity {
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
   * Appends the chunk stored at `path`. False when there is no such chunk (yet); any other failure
   * throws and leaves the join unusable (its md5 may have taken part of a chunk).
   */
  async append(path: string): Promise<boolean> {
    let input: FileHandle;
    try {
      input = await open(path, 'r');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const info = await input.stat({ bigint: true });
      const output = await open(this.ref, 'r+');
      try {
        await eachBlock(input, async (data) => {
          this.md5.update(data);
          await writeAll(output, data, this.size);
          this.size += data.length;
        });
      } finally {
        await output.close();
      }
      this.joined.push({ path, ino: info.ino, size: info.size, ctimeNs: info.ctimeNs });
      return true;
    } finally {
      await input.close();
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

/** Reads the file from its current position to the end, a block at a time (the block is reused: `use` must not keep it). */
async function eachBlock(input: FileHandle, use: (data: Buffer) => unknown): Promise<void> {
  const block = spareBlocks.pop() ?? Buffer.allocUnsafe(BLOCK_BYTES);
  try {
    for (;;) {
      const { bytesRead } = await input.read(block, 0, BLOCK_BYTES, null);
      if (bytesRead === 0) return;
      await use(block.subarray(0, bytesRead));
    }
  } finally {
    if (spareBlocks.length < 8) spareBlocks.push(block);
  }
}

async function writeAll(output: FileHandle, data: Buffer, position: number): Promise<void> {
  let written = 0;
  while (written < data.length) {
    const { bytesWritten } = await output.write(data, written, data.length - written, position + written);
    written += bytesWritten;
  }
}
