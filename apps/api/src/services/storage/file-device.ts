import type { Readable } from 'node:stream';

/** A file's bytes joined from its chunks, held apart until placed (or discarded). */
export interface StagedFile {
  /** Where the device keeps them; meaningful to the device only. */
  ref: string;
  size: number;
  md5: string;
}

/** Something the device holds for a file: its bytes, or its chunks. */
export interface HeldItem {
  bucketId: string;
  fileId: string;
  kind: 'bytes' | 'chunks';
  /** When it last changed (a chunk added, bytes placed). */
  changedAt: Date;
}

/**
 * Where file bytes live. The disk implementation keeps them under DATA_DIR; an S3-compatible
 * store implements the same calls. Every step is atomic, so a crash between two leaves each
 * item whole or absent, never half written: chunks stay until the joined file is placed, a
 * placed file replaces any earlier bytes in one step.
 */
export interface FileDevice {
  /**
   * Moves a received chunk (a temporary file, or what a device wrote in place for it: BlobFileDevice.landChunk)
   * into place; storing the same index again replaces it.
   * `chunksTotal` (default 1) lets a device start joining the chunks while they arrive.
   */
  putChunk(bucketId: string, fileId: string, index: number, sourcePath: string, chunksTotal?: number): Promise<void>;
  /** Forgets a received chunk that was not stored: removes its temporary file, or frees what was written for it in place. */
  discardReceived(sourcePath: string): Promise<void>;
  /** Joins chunks 0…count-1 into a staged file; the chunks stay. */
  joinChunks(bucketId: string, fileId: string, count: number): Promise<StagedFile>;
  readStaged(staged: StagedFile, range?: { start: number; end: number }): Promise<Buffer>;
  /** Replaces the staged bytes (after compression or encryption). */
  replaceStaged(staged: StagedFile, bytes: Buffer): Promise<void>;
  /** Makes the staged bytes the file's bytes, in one step. */
  place(staged: StagedFile, bucketId: string, fileId: string): Promise<void>;
  discard(staged: StagedFile): Promise<void>;
  removeChunks(bucketId: string, fileId: string): Promise<void>;
  /** Removes the file's placed bytes (its chunks stay). */
  removeBytes(bucketId: string, fileId: string): Promise<void>;
  /** Size of the file's placed bytes, or undefined when there are none. */
  placedSize(bucketId: string, fileId: string): Promise<number | undefined>;
  read(bucketId: string, fileId: string): Promise<Buffer>;
  /** A byte range [start, end] inclusive, or the whole file. */
  stream(bucketId: string, fileId: string, range?: { start: number; end: number }): Readable;
  /** Removes the file's bytes and any chunks; a missing file is not an error. */
  delete(bucketId: string, fileId: string): Promise<void>;
  /** Every file's bytes and chunk set held, for the sweep to match against the file records. */
  held(): AsyncIterable<HeldItem>;
}
