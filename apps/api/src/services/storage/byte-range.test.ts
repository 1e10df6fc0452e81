import { describe, expect, it } from 'vitest';
import { requestedRange } from './byte-range.ts';

describe('requestedRange', () => {
  it('reads first-last, open-ended and suffix ranges, clamped to the file', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    expect(requestedRange(undefined, 1000)).toBeUndefined();
    expect(requestedRange('bytes=0-1,5-6', 1000)).toBeUndefined();
  });

  it('refuses ranges outside the file or malformed', () => {
    for (const header of ['bytes=1000-', 'bytes=5-2', 'bytes=-', 'items=0-1']) {
      expect(() => requestedRange(header, 1000), header).toThrow(expect.objectContaining({ type: 'storage_invalid_range', code: 416 }));
    }
  });
});
