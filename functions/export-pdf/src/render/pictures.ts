import type { Flow } from './flow.ts';
import { COLOURS } from './theme.ts';

/** PDFKit can reuse an opened image; its types leave `openImage` out. */
interface ImageOpener {
  openImage(src: Buffer): unknown;
}

/**
 * Opens each picture once per document, so a party logo on a thousand rows is embedded once.
 * Bytes PDFKit cannot read (neither PNG nor JPEG) open as null, and the caller draws its fallback.
 */
export class Pictures {
  private readonly opened = new WeakMap<Uint8Array, unknown>();
  private readonly flow: Flow;

  constructor(flow: Flow) {
    this.flow = flow;
  }

  private open(bytes: Uint8Array): unknown {
    if (!this.opened.has(bytes)) {
      let image: unknown = null;
      try {
        image = (this.flow.doc as unknown as ImageOpener).openImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      } catch {
        image = null;
      }
      this.opened.set(bytes, image);
    }
    return this.opened.get(bytes);
  }

  /** Draws the picture scaled to fit the square, clipped to rounded corners; false when it cannot be read. */
  draw(bytes: Uint8Array | null, x: number, y: number, size: number, radius: number): boolean {
    const image = bytes && this.open(bytes);
    if (!image) return false;
    const doc = this.flow.doc;
    doc.save();
    doc.roundedRect(x, y, size, size, radius).clip();
    doc.rect(x, y, size, size).fill(COLOURS.white);
    doc.image(image as Buffer, x, y, { fit: [size, size], align: 'center', valign: 'center' });
    doc.restore();
    return true;
  }
}

/** The first letters of the first and last words, as the site's initials avatars show. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = [words[0], words.length > 1 ? words[words.length - 1] : undefined].map((word) => (word ? [...word][0]!.toLocaleUpperCase() : ''));
  return letters.join('');
}
