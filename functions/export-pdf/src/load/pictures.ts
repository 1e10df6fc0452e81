import type { DirectoryReader } from './directory-reader.ts';

export const MEDIA_BUCKET = 'media';
/** Pixels per side: three times the printed size (24 pt photo, 14 pt logo), sharp on paper and small in the file. */
const PHOTO_PIXELS = 72;
const LOGO_PIXELS = 48;
const PARALLEL_FETCHES = 6;

/** Runs `work` on every item, at most `parallel` at a time. */
async function eachLimited<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/** Small previews of the photos (JPEG) or logos (PNG, they may be transparent), by file id; the missing ones are left out. */
export async function fetchPictures(reader: DirectoryReader, fileIds: Iterable<string>, kind: 'photo' | 'logo'): Promise<Map<string, Uint8Array>> {
  const pictures = new Map<string, Uint8Array>();
  const unique = [...new Set(fileIds)].filter(Boolean);
  await eachLimited(unique, PARALLEL_FETCHES, async (fileId) => {
    const bytes = kind === 'photo' ? await reader.preview(MEDIA_BUCKET, fileId, PHOTO_PIXELS, 'jpg') : await reader.preview(MEDIA_BUCKET, fileId, LOGO_PIXELS, 'png');
    if (bytes) pictures.set(fileId, bytes);
  });
  return pictures;
}
