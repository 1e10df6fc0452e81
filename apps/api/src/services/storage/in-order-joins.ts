import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { StagedFile } from './file-device.ts';
import { UploadRun } from './upload-run.ts';

/** Runs kept at once; an upload started beyond this is joined when its last chunk is in. */
const MAX_RUNS = 32;
/** A run that has not advanced for this long is dropped (its upload stalled, or its last chunk went to another process). */
const IDLE_MS = 10 * 60 * 1000;
/** A landed chunk whose request neither stored nor released it (it failed before the route ran) is released after this. */
const LANDING_MS = 5 * 60 * 1000;

interface Landing {
  run: UploadRun;
  index: number;
  /** A first chunk's new run, known under its upload's id only once stored. */
  fresh: boolean;
  timer: NodeJS.Timeout;
}

/**
 * The runs (upload-run.ts) of the uploads this process receives on local disk, by `bucket/file`: a
 * chunk's body is written straight into its place in the run, and chunks stored by themselves are
 * copied in as the gap before them fills, so by the time the last chunk is in the file is joined and
 * hashed, and assembling it is a rename. The process that receives a file's first chunk keeps its
 * run, so processes sharing a disk do not all join. A run is only a shortcut: when it is missing,
 * failed, or a chunk was stored again after being joined, the caller joins the stored chunks afresh.
 */
export class InOrderJoins {
  private readonly scratchDir: string;
  private readonly running = new Map<string, UploadRun>();
  /** Chunks landed and not yet stored, by the path their request carries in place of a spooled file. */
  private readonly landings = new Map<string, Landing>();

  constructor(scratchDir: string) {
    this.scratchDir = scratchDir;
  }

  /**
   * Writes chunk `index` of an upload straight into its place and returns the path that stands for it
   * (for `commit` or `release`), or undefined, with `body` untouched, when it has no place now: not a
   * first chunk and no run of the upload here, its place taken (a chunk sent again), or too many runs.
   * `key` is undefined for a first chunk whose id is not made yet.
   */
  async land(key: string | undefined, index: number, chunksTotal: number, body: AsyncIterable<Buffer>, expectedBytes: number | undefined): Promise<{ path: string; size: number } | undefined> {
    this.dropIdle();
    let run = key === undefined ? undefined : this.running.get(key);
    const fresh = index === 0 && (!run || !run.canLand(0));
    if (fresh) {
      if (this.running.size + this.landings.size >= MAX_RUNS) return undefined;
      run = await UploadRun.create(this.scratchDir, chunksTotal);
    } else if (!run || run.chunksTotal !== chunksTotal || !run.canLand(index)) {
      return undefined;
    }
    const landed = run!;
    let size: number;
    try {
      size = await landed.land(index, body, expectedBytes);
    } catch (error) {
      if (fresh) landed.abandon();
      throw error;
    }
    const path = join(this.scratchDir, `landed-${randomUUID()}`);
    const timer = setTimeout(() => this.release(path), LANDING_MS);
    timer.unref();
    this.landings.set(path, { run: landed, index, fresh, timer });
    return { path, size };
  }

  /** Stores the chunk landed under `path` as chunk `index` of `key` (its key made a link to the run); false when `path` is no landing. */
  async commit(path: string, key: string, index: number, chunkPath: (index: number) => string): Promise<boolean> {
    const landing = this.landings.get(path);
    if (!landing) return false;
    this.landings.delete(path);
    clearTimeout(landing.timer);
    const { run, fresh } = landing;
    if (landing.index !== index) {
      this.forget(landing);
      throw new Error(`chunk ${landing.index} was landed, and is stored as chunk ${index}`);
    }
    if (fresh) {
      // A first chunk sent again starts a new run; the old one's linked chunks stay readable through their keys.
      this.drop(key);
      run.attach(chunkPath);
      this.running.set(key, run);
    }
    try {
      await run.commit(index, chunkPath(index));
    } catch (error) {
      if (fresh) this.drop(key);
      throw error;
    }
    return true;
  }

  /** Forgets the chunk landed under `path` (its request was refused); false when `path` is no landing. */
  release(path: string): boolean {
    const landing = this.landings.get(path);
    if (!landing) return false;
    this.landings.delete(path);
    clearTimeout(landing.timer);
    this.forget(landing);
    return true;
  }

  private forget(landing: Landing): void {
    landing.run.release(landing.index);
    if (landing.fresh) landing.run.abandon();
  }

  /**
   * Chunk `index` of the upload `key` was stored by itself; `chunkPath(i)` is where chunk i is. A run
   * copies it in when its turn comes; a first chunk stored by itself starts a run.
   */
  chunkStored(key: string, index: number, chunksTotal: number, chunkPath: (index: number) => string): void {
    this.dropIdle();
    const run = this.running.get(key);
    if (run) return run.advance();
    if (index !== 0 || chunksTotal < 2 || this.running.size + this.landings.size >= MAX_RUNS) return;
    void UploadRun.create(this.scratchDir, chunksTotal).then((created) => {
      // Another first chunk started a run meanwhile.
      if (this.running.has(key)) return created.abandon();
      created.attach(chunkPath);
      this.running.set(key, created);
      created.advance();
    }, () => undefined);
  }

  /** The upload's joined file when its run holds exactly chunks 0…count-1 as they are stored now; else undefined. */
  async take(key: string, count: number): Promise<StagedFile | undefined> {
    const run = this.running.get(key);
    if (!run) return undefined;
    this.running.delete(key);
    return run.take(count);
  }

  /** Forgets the upload's run (its chunks are gone, or a new run replaces it), removing its staged file once nothing writes to it. */
  drop(key: string): void {
    const run = this.running.get(key);
    if (!run) return;
    this.running.delete(key);
    run.abandon();
  }

  private dropIdle(): void {
    const before = Date.now() - IDLE_MS;
    for (const [key, run] of this.running) if (run.touchedAt < before) this.drop(key);
  }
}
