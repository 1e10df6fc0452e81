import { AppwriteError } from '../../core/errors.ts';

/** The SDKs cut files above this size into chunks of exactly this size (the last one shorter). */
export const CHUNK_SIZE = 5 * 1024 * 1024;

export interface ChunkPlacement {
  index: number;
  chunksTotal: number;
  totalSize: number;
}

/**
 * Where a received chunk belongs, from `Content-Range: bytes start-end/total`. Chunks are placed
 * by offset (they may arrive out of order); a chunk whose length does not match its range, or
 * that does not sit on a chunk boundary, is refused so the client can send it again.
 */
export function placeChunk(header: string | undefined, receivedBytes: number): ChunkPlacement {
  if (header === undefined) {
    if (receivedBytes === 0) throw new AppwriteError('storage_file_empty');
    return { index: 0, chunksTotal: 1, totalSize: receivedBytes };
  }
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim());
  if (!match) throw new AppwriteError('storage_invalid_content_range');
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const length = end - start + 1;
  const chunksTotal = Math.ceil(total / CHUNK_SIZE);
  const valid =
    Number.isSafeInteger(total) && total > 0 && start <= end && end < total && start % CHUNK_SIZE === 0 &&
    length === Math.min(CHUNK_SIZE, total - start) && length === receivedBytes;
  if (!valid) throw new AppwriteError('storage_invalid_content_range');
  return { index: start / CHUNK_SIZE, chunksTotal, totalSize: total };
}

/** The length of the chunk a `Content-Range` header announces; undefined when it is no byte range. */
export function announcedLength(header: string): number | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim());
  return match ? Number(match[2]) - Number(match[1]) + 1 : undefined;
}
