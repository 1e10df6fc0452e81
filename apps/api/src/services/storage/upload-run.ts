import { createHash, randomBytes, randomUUID, type Hash } from 'node:crypto';
import { link, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { copyChunk, eachBlock, openChunk, writeAll, type ChunkIdentity } from './chunk-join.ts';
import { CHUNK_SIZE } from './content-range.ts';
import type { StagedFile } from './file-device.ts';

/** Request bytes gathered before one write: few system calls, whatever size the parser hands out. */
const WRITE_BYTES = 1024 * 1024;

type Region =
  /** A request is writing it, or this run is copying it from its stored chunk. */
  | { state: 'writing' | 'copying' }
  /** Written by a request, not yet stored (the request may still be refused). */
  | { state: 'landed'; length: number }
  /** Written by a request and stored: the chunk's key is a link to this run. */
  | { state: 'linked'; length: number }
  /** Copied from a chunk stored by itself. */
  | { state: 'copied'; length: number; identity: ChunkIdentity };

/**
 * One upload's bytes on local disk, each chunk at its offset in the file (chunk i at i × 5 MiB), in
 * a staged file in this process's scratch folder, with the md5 of the chunks 0…n-1 that are in.
 *
 * A chunk's request body is written straight into its place (`land`), hashed from the same stream
 * when every chunk before it is hashed, and stored by linking its key to this file (`commit`): each
 * byte is written once. A chunk landed out of order is hashed later by reading its place back. Chunks
 * stored by themselves (sent to another process, or while their place was busy) are copied in once
 * the chunks before them are in. Writes go only to places no stored key covers, so what a key shows
 * never changes (chunkWindow reads a key that links a run). When every chunk is in, the run is the
 * joined file (`take`): assembling is a rename.
 */
export class UploadRun {
  readonly ref: string;
  readonly chunksTotal: number;
  private readonly ino: bigint;
  private readonly regions = new Map<number, Region>();
  private md5: Hash = createHash('md5');
  /** How many leading chunks the md5 holds. */
  private hashed = 0;
  /** The landing whose bytes the md5 takes as they stream in, and the md5 from before it (restored if it is not stored). */
  private streamHashing: { index: number; before: Hash } | undefined;
  private work: Promise<void> = Promise.resolve();
  /** Where chunk i's key is: known once the upload's id is (a first chunk may land before its id is made). */
  private chunkPath: ((index: number) => string) | undefined;
  private pending = 0;
  private failed = false;
  /** No more landings: taken, or abandoned. */
  private closed = false;
  private abandoned = false;
  touchedAt = Date.now();

  private constructor(ref: string, chunksTotal: number, ino: bigint) {
    this.ref = ref;
    this.chunksTotal = chunksTotal;
    this.ino = ino;
  }

  static async create(scratchDir: string, chunksTotal: number): Promise<UploadRun> {
    await mkdir(scratchDir, { recursive: true });
    const ref = join(scratchDir, `joined-${randomBytes(8).toString('hex')}`);
    // Opened per write rather than held: a run that is never finished (its upload abandoned) holds no descriptor.
    const handle = await open(ref, 'wx');
    try {
      return new UploadRun(ref, chunksTotal, (await handle.stat({ bigint: true })).ino);
    } finally {
      await handle.close();
    }
  }

  attach(chunkPath: (index: number) => string): void {
    this.chunkPath = chunkPath;
  }

  /** True when chunk `index` may be written into its place now (nothing is there yet, nor being put there). */
  canLand(index: number): boolean {
    return !this.closed && !this.failed && index < this.chunksTotal && !this.regions.has(index);
  }

  /**
   * Writes a chunk's bytes into its place (the caller checked `canLand` just before) and returns how
   * many came. Bytes beyond what the place holds (`expectedBytes`, else a chunk's size) are read and
   * counted but not written: the request is refused later for its size. A body that fails throws,
   * with the place free again.
   */
  async land(index: number, body: AsyncIterable<Buffer>, expectedBytes: number | undefined): Promise<number> {
    this.regions.set(index, { state: 'writing' });
    this.pending++;
    this.touchedAt = Date.now();
    // The md5 is only ever fed chunk `hashed`, by its landing or by `advance` (which leaves a place that is taken).
    if (this.hashed === index && !this.streamHashing) this.streamHashing = { index, before: this.md5.copy() };
    const md5 = this.streamHashing?.index === index ? this.md5 : undefined;
    const room = expectedBytes ?? (this.chunksTotal === 1 ? Number.POSITIVE_INFINITY : CHUNK_SIZE);
    try {
      const length = await writeBody(this.ref, index * CHUNK_SIZE, room, body, md5);
      this.regions.set(index, { state: 'landed', length });
      return length;
    } catch (error) {
      this.release(index);
      throw error;
    }
  }

  /** Stores a landed chunk: its key (`keyPath`) becomes a link to this run, replacing any chunk stored before. */
  async commit(index: number, keyPath: string): Promise<void> {
    const region = this.regions.get(index);
    if (region?.state !== 'landed') throw new Error(`chunk ${index} has not landed`);
    try {
      await linkOver(this.ref, keyPath);
    } catch (error) {
      this.release(index);
      throw error;
    }
    this.regions.set(index, { state: 'linked', length: region.length });
    this.pending--;
    if (this.streamHashing?.index === index) {
      this.hashed = index + 1;
      this.streamHashing = undefined;
    }
    this.settle();
  }

  /** Forgets a chunk that landed (or was landing) and was not stored: its place is free again. */
  release(index: number): void {
    const state = this.regions.get(index)?.state;
    if (state !== 'writing' && state !== 'landed') return;
    this.regions.delete(index);
    this.pending--;
    if (this.streamHashing?.index === index) {
      this.md5 = this.streamHashing.before;
      this.streamHashing = undefined;
    }
    this.settle();
  }

  /** A chunk was stored by itself: copy it in when its turn comes. */
  advance(): void {
    this.touchedAt = Date.now();
    this.work = this.work.then(() => this.advanceNow());
  }

  /** The joined file when every one of the `count` chunks is in and each key still shows what was joined; else undefined. */
  async take(count: number): Promise<StagedFile | undefined> {
    this.closed = true;
    this.advance();
    await this.work;
    if (this.failed || this.pending > 0 || this.hashed !== count || count !== this.chunksTotal || !(await this.stillMatches(count))) {
      this.abandon();
      return undefined;
    }
    let size = 0;
    for (const region of this.regions.values()) size += 'length' in region ? region.length : 0;
    if ((await stat(this.ref)).size !== size) {
      this.abandon();
      return undefined;
    }
    return { ref: this.ref, size, md5: this.md5.digest('hex') };
  }

  /** Removes the staged file once no landing needs it (the chunks' keys keep what was stored). */
  abandon(): void {
    this.closed = true;
    this.abandoned = true;
    this.settle();
  }

  private settle(): void {
    if (this.abandoned) {
      if (this.pending === 0) void this.work.then(() => rm(this.ref, { force: true })).catch(() => undefined);
      return;
    }
    this.advance();
  }

  /** Hashes (and copies in, when stored by themselves) the chunks after the hashed ones, as far as they are in. */
  private async advanceNow(): Promise<void> {
    if (this.failed || this.abandoned || !this.chunkPath) return;
    try {
      while (this.hashed < this.chunksTotal && !this.streamHashing) {
        const index = this.hashed;
        const region = this.regions.get(index);
        if (region?.state === 'linked') {
          await this.hashPlace(index, region.length);
        } else if (region || !(await this.copyIn(index))) {
          return;
        }
        this.hashed++;
      }
    } catch {
      this.failed = true;
    }
  }

  private async hashPlace(index: number, length: number): Promise<void> {
    const input = await open(this.ref, 'r');
    try {
      await eachBlock(input, (data) => this.md5.update(data), { start: index * CHUNK_SIZE, end: index * CHUNK_SIZE + length - 1 });
    } finally {
      await input.close();
    }
  }

  /** Copies chunk `index` in from its key, if it is stored and its place was not taken meanwhile by a landing. */
  private async copyIn(index: number): Promise<boolean> {
    const path = this.chunkPath!(index);
    const input = await openChunk(path);
    if (!input) return false;
    if (this.regions.has(index) || this.streamHashing) {
      await input.close();
      return false;
    }
    this.regions.set(index, { state: 'copying' });
    try {
      const output = await open(this.ref, 'r+');
      try {
        this.regions.set(index, { state: 'copied', ...(await copyChunk(input, path, index, this.chunksTotal, output, index * CHUNK_SIZE, this.md5)) });
      } finally {
        await output.close();
      }
      return true;
    } catch (error) {
      this.regions.delete(index);
      await input.close().catch(() => undefined);
      throw error;
    }
  }

  private async stillMatches(count: number): Promise<boolean> {
    for (let index = 0; index < count; index++) {
      const region = this.regions.get(index);
      const now = await stat(this.chunkPath!(index), { bigint: true }).catch(() => undefined);
      if (!now || !region) return false;
      if (region.state === 'linked' && now.ino === this.ino) continue;
      if (region.state !== 'copied' || now.ino !== region.identity.ino || now.size !== region.identity.size || now.ctimeNs !== region.identity.ctimeNs) return false;
    }
    return true;
  }
}

/** Blocks not in use, kept for the next landing instead of becoming garbage. */
const spareBlocks: Buffer[] = [];

/**
 * Writes `body` at `position` of the file, up to `room` bytes (the rest is only counted). The pieces
 * the parser hands out are copied into two blocks used in turn, one filling while the other is
 * written: few system calls, and no piece is kept past its arrival (kept, they outlive the young
 * generation and make the collector's work far larger than the copy).
 */
async function writeBody(path: string, position: number, room: number, body: AsyncIterable<Buffer>, md5: Hash | undefined): Promise<number> {
  const output = await open(path, 'r+');
  const blocks = [spareBlocks.pop() ?? Buffer.allocUnsafe(WRITE_BYTES), spareBlocks.pop() ?? Buffer.allocUnsafe(WRITE_BYTES)];
  let block = 0;
  let filled = 0;
  let written = 0;
  let writing: Promise<void> = Promise.resolve();
  let received = 0;
  const flush = async () => {
    await writing;
    const data = blocks[block]!.subarray(0, filled);
    writing = writeAll(output, data, position + written);
    written += filled;
    block = 1 - block;
    filled = 0;
  };
  try {
    for await (const data of body) {
      received += data.length;
      if (received > room) continue;
      md5?.update(data);
      for (let used = 0; used < data.length; ) {
        const copied = data.copy(blocks[block]!, filled, used);
        used += copied;
        filled += copied;
        if (filled === WRITE_BYTES) await flush();
      }
    }
    if (filled > 0) await flush();
    await writing;
  } finally {
    await writing.catch(() => undefined);
    await output.close();
    // Enough for eight chunks landing at once (SDK 28), so a landing does not leave 2 MiB of garbage.
    for (const spare of blocks) if (spareBlocks.length < 16) spareBlocks.push(spare);
  }
  return received;
}

/** Makes `target` a link to `source`, replacing what is there in one step. */
async function linkOver(source: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temporary = join(dirname(target), `.${randomUUID()}.tmp`);
  await link(source, temporary);
  try {
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
