import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, placeChunk } from './content-range.ts';

describe('placeChunk', () => {
  const total = 2 * CHUNK_SIZE + 100;

  it('places a single upload without a range', () => {
    expect(placeChunk(undefined, 1234)).toEqual({ index: 0, chunksTotal: 1, totalSize: 1234 });
  });

  it('places chunks by their offset, in any order', () => {
    expect(placeChunk(`bytes ${2 * CHUNK_SIZE}-${total - 1}/${total}`, 100)).toEqual({ index: 2, chunksTotal: 3, totalSize: total });
    expect(placeChunk(`bytes 0-${CHUNK_SIZE - 1}/${total}`, CHUNK_SIZE)).toEqual({ index: 0, chunksTotal: 3, totalSize: total });
  });

  it('refuses a truncated chunk, a chunk off the boundary, a range past the end and garbage', () => {
    for (const [header, received] of [
      [`bytes 0-${CHUNK_SIZE - 1}/${total}`, CHUNK_SIZE - 1],
      [`bytes 10-${CHUNK_SIZE + 9}/${total}`, CHUNK_SIZE],
      [`bytes ${2 * CHUNK_SIZE}-${total}/${total}`, 101],
      ['bytes 0-/10', 10],
      ['items 0-9/10', 10],
    ] as const) {
      expect(() => placeChunk(header, received), header).toThrow(expect.objectContaining({ type: 'storage_invalid_content_range' }));
    }
  });

  it('refuses an empty file', () => {
    expect(() => placeChunk(undefined, 0)).toThrow(expect.objectContaining({ type: 'storage_file_empty' }));
  });
});
