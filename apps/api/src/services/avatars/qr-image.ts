import QRCode from 'qrcode';
import sharp from 'sharp';

/** The symbol's dark modules, row by row, for `text` (error correction L, as Appwrite's QR library uses). */
export function qrModules(text: string): { count: number; dark(row: number, column: number): boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'L' });
  return { count: modules.size, dark: (row, column) => Boolean(modules.get(row, column)) };
}

/**
 * A QR code PNG exactly `size` pixels square with a quiet zone of at least `margin` modules. Every
 * module gets the same whole number of pixels (so scanners see an even grid); the pixels left over
 * widen the quiet zone. A size too small for one pixel per module is scaled down instead.
 */
export async function qrPng(text: string, size: number, margin: number): Promise<Buffer> {
  const symbol = qrModules(text);
  const side = symbol.count + 2 * margin;
  const scale = Math.max(1, Math.floor(size / side));
  const canvas = Math.max(size, side);
  const offset = Math.floor((canvas - symbol.count * scale) / 2);
  const pixels = Buffer.alloc(canvas * canvas, 255);
  for (let row = 0; row < symbol.count; row++) {
    for (let column = 0; column < symbol.count; column++) {
      if (!symbol.dark(row, column)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (offset + row * scale + y) * canvas + offset + column * scale;
        pixels.fill(0, start, start + scale);
      }
    }
  }
  const image = sharp(pixels, { raw: { width: canvas, height: canvas, channels: 1 } });
  if (canvas !== size) image.resize(size, size, { kernel: 'nearest' });
  return image.png({ compressionLevel: 9, palette: true, colours: 2 }).toBuffer();
}
