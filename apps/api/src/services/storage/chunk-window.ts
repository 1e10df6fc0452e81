import { CHUNK_SIZE } from './content-range.ts';

/**
 * Which bytes of the file stored under chunk `index`'s key are the chunk; undefined: all of them.
 * A chunk written straight into its upload's run (upload-run.ts) is stored as a link to the run,
 * which holds every chunk at its offset in the upload, so it is larger than one chunk can be.
 */
export function chunkWindow(index: number, chunksTotal: number, storedSize: number): { start: number; end: number } | undefined {
  // A file in one request may be larger than a chunk (no Content-Range): its one chunk is the whole file.
  if (chunksTotal === 1 || storedSize <= CHUNK_SIZE) return undefined;
  const start = index * CHUNK_SIZE;
  const end = Math.min(storedSize, start + CHUNK_SIZE) - 1;
  if (end < start) throw new Error(`the stored run (${storedSize} bytes) does not reach chunk ${index}`);
  return { start, end };
}
