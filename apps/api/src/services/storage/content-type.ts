import { fileTypeFromBuffer } from 'file-type';

/** Text formats have no magic number; only these few are recognised by extension (and never served inline). */
const textTypes: Readonly<Record<string, string>> = {
  txt: 'text/plain', csv: 'text/csv', json: 'application/json', svg: 'image/svg+xml', html: 'text/html', htm: 'text/html', xml: 'application/xml', md: 'text/markdown',
};

/**
 * The type of a file from its bytes. The type a client declares is never used: it is whatever the
 * uploader wanted it to be, and serving it back would let a file pretend to be a page.
 */
export async function sniffContentType(head: Buffer, name: string): Promise<string> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return textTypes[extension] ?? 'application/octet-stream';
}

/** Types a browser shows without running anything from them; everything else is served as a download. */
const inlineSafe = /^(image\/(jpeg|png|gif|webp|avif|heic|heif|bmp|tiff)|application\/pdf|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain|text\/csv)$/;

export function servesInline(mimeType: string): boolean {
  return inlineSafe.test(mimeType);
}
