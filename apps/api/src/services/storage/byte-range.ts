import { AppwriteError } from '../../core/errors.ts';

/**
 * The single byte range a `Range` header asks for, clamped to the file; undefined without a header.
 * Several ranges at once are not served (the whole file is sent instead, which HTTP allows).
 */
export function requestedRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) {
    if (/^bytes=.+,/.test(header.trim())) return undefined;
    throw new AppwriteError('storage_invalid_range');
  }
  const [first, last] = [match[1]!, match[2]!];
  let start: number;
  let end: number;
  if (first === '') {
    if (last === '') throw new AppwriteError('storage_invalid_range');
    start = Math.max(0, size - Number(last));
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start > end || start >= size) throw new AppwriteError('storage_invalid_range');
  return { start, end };
}
