import { ChunkJoin } from './chunk-join.ts';
import type { StagedFile } from './file-device.ts';

/** Joins kept at once; an upload started beyond this is joined when its last chunk is in. */
const MAX_JOINS = 32;
/** A join that has not advanced for this long is dropped (its upload stalled, or its last chunk went to another process). */
const IDLE_MS = 10 * 60 * 1000;

interface RunningJoin {
  join: Promise<ChunkJoin>;
  /** The appends asked for so far, one after another; never rejects. */
  work: Promise<void>;
  failed: boolean;
  touchedAt: number;
}

/**
 * Joins each chunked upload on local disk while it arrives: whenever a chunk is stored, the chunks
 * that now follow the joined ones in index order are appended in the background, so by the time
 * the last chunk is in the file is joined and hashed, and assembling it is a rename. Chunks that
 * arrive out of order wait on disk until the gap before them is filled (SDK 26+ sends up to eight
 * at once). A join is only a shortcut: when it is missing, failed, or a chunk was stored again
 * after being joined, the caller joins all chunks afresh, so the result is always the stored chunks.
 */
export class InOrderJoins {
  private readonly scratchDir: string;
  private readonly running = new Map<string, RunningJoin>();

  constructor(scratchDir: string) {
    this.scratchDir = scratchDir;
  }

  /**
   * Chunk `index` of the upload `key` is stored; `chunkPath(i)` is where chunk i is. The process that
   * receives chunk 0 of a file in several chunks starts its join, so processes sharing a disk do not all join.
   */
  chunkStored(key: string, index: number, chunksTotal: number, chunkPath: (index: number) => string): void {
    this.dropIdle();
    let running = this.running.get(key);
    if (!running) {
      if (index !== 0 || chunksTotal < 2 || this.running.size >= MAX_JOINS) return;
      running = { join: ChunkJoin.create(this.scratchDir), work: Promise.resolve(), failed: false, touchedAt: Date.now() };
      running.join.catch(() => undefined);
      this.running.set(key, running);
    }
    const current = running;
    current.touchedAt = Date.now();
    current.work = current.work.then(async () => {
      if (current.failed) return;
      try {
        const join = await current.join;
        while (join.next < chunksTotal && (await join.append(chunkPath(join.next)))) current.touchedAt = Date.now();
      } catch {
        current.failed = true;
      }
    });
  }

  /** The upload's staged file when its join holds exactly chunks 0…count-1 as they are stored now; else undefined. */
  async take(key: string, count: number): Promise<StagedFile | undefined> {
    const running = this.running.get(key);
    if (!running) return undefined;
    this.running.delete(key);
    await running.work;
    const join = await running.join.catch(() => undefined);
    if (!join) return undefined;
    if (!running.failed && join.next === count && (await join.stillMatches())) return join.finish();
    await join.abandon();
    return undefined;
  }

  /** Forgets the upload's join (its chunks are gone), removing its staged file once any append in progress ends. */
  drop(key: string): void {
    const running = this.running.get(key);
    if (!running) return;
    this.running.delete(key);
    void running.work.then(() => running.join).then((join) => join.abandon()).catch(() => undefined);
  }

  private dropIdle(): void {
    const before = Date.now() - IDLE_MS;
    for (const [key, running] of this.running) if (running.touchedAt < before) this.drop(key);
  }
}
