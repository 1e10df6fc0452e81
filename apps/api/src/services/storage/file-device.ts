import type { Readable } from 'node:stream';

export interface StoredBytes {
  size: number;
  md5: string;
}

/**
 * Where file bytes live. The disk implementation keeps them under DATA_DIR; an S3-compatible
 * store implements the same calls. Chunks are kept apart until the last one arrives.
 */
export interface FileDevice {
  /** Moves a received chunk (a temporary file) into place; storing the same index again replaces it. */
  putChunk(bucketId: string, fileId: string, index: number, sourcePath: string): Promise<void>;
  /** Joins chunks 0…count-1 into the file and removes them. */
  assemble(bucketId: string, fileId: string, count: number): Promise<StoredBytes>;
  /** Replaces the file's bytes (after compression or encryption). */
  write(bucketId: string, fileId: string, bytes: Buffer): Promise<void>;
  read(bucketId: string, fileId: string): Promise<Buffer>;
  /** A byte range [start, end] inclusive, or the whole file. */
  stream(bucketId: string, fileId: string, range?: { start: number; end: number }): Readable;
  /** Removes the file and any chunks; a missing file is not an error. */
  delete(bucketId: string, fileId: string): Promise<void>;
}
