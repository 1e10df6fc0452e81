/**
 * The largest picture inside a Windows icon (.ico), which libvips cannot read: either a PNG stored
 * as is, or a BMP (DIB) entry decoded here to RGBA — 32-bit with alpha, 24-bit, or 1/4/8-bit with a
 * palette — with its 1-bit transparency mask applied.
 */

export type IcoPicture = { kind: 'png'; bytes: Buffer } | { kind: 'rgba'; width: number; height: number; pixels: Buffer };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** BMP entries of an icon are at most 256 px; anything much larger is not a real icon. */
const MAX_BMP_SIDE = 1024;

export function isIco(bytes: Buffer): boolean {
  return bytes.length >= 6 && bytes.readUInt16LE(0) === 0 && (bytes.readUInt16LE(2) === 1 || bytes.readUInt16LE(2) === 2) && bytes.readUInt16LE(4) > 0;
}

interface Entry {
  area: number;
  bitCount: number;
  data: Buffer;
}

function entries(bytes: Buffer): Entry[] {
  const count = bytes.readUInt16LE(4);
  const found: Entry[] = [];
  for (let index = 0; index < count; index++) {
    const at = 6 + index * 16;
    if (at + 16 > bytes.length) break;
    const width = bytes[at] || 256;
    const height = bytes[at + 1] || 256;
    const length = bytes.readUInt32LE(at + 8);
    const offset = bytes.readUInt32LE(at + 12);
    if (offset + length > bytes.length || length < 8) continue;
    found.push({ area: width * height, bitCount: bytes.readUInt16LE(at + 6), data: bytes.subarray(offset, offset + length) });
  }
  return found;
}

function rowBytes(bits: number, width: number): number {
  return Math.floor((bits * width + 31) / 32) * 4;
}

/** A DIB as an icon stores it: the header's height counts the colour rows and the mask rows. */
function decodeDib(dib: Buffer): IcoPicture | null {
  if (dib.length < 40) return null;
  const headerSize = dib.readUInt32LE(0);
  const width = dib.readInt32LE(4);
  const height = Math.abs(dib.readInt32LE(8)) / 2;
  const bits = dib.readUInt16LE(14);
  const compression = dib.readUInt32LE(16);
  if (width <= 0 || height <= 0 || width > MAX_BMP_SIDE || height > MAX_BMP_SIDE || !Number.isInteger(height)) return null;
  if (compression !== 0 && !(compression === 3 && bits === 32)) return null;
  if (![1, 4, 8, 24, 32].includes(bits)) return null;
  const paletteSize = bits <= 8 ? dib.readUInt32LE(32) || 2 ** bits : 0;
  const paletteAt = headerSize + (compression === 3 && headerSize === 40 ? 12 : 0);
  const pixelsAt = paletteAt + paletteSize * 4;
  const stride = rowBytes(bits, width);
  const maskAt = pixelsAt + stride * height;
  const maskStride = rowBytes(1, width);
  if (maskAt > dib.length) return null;
  const hasMask = maskAt + maskStride * height <= dib.length;
  const pixels = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixelsAt + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      let blue: number, green: number, red: number, alpha = 255;
      if (bits === 32 || bits === 24) {
        const at = row + x * (bits / 8);
        [blue, green, red] = [dib[at]!, dib[at + 1]!, dib[at + 2]!];
        if (bits === 32) alpha = dib[at + 3]!;
      } else {
        const bit = x * bits;
        const index = (dib[row + (bit >> 3)]! >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
        const colour = paletteAt + Math.min(index, paletteSize - 1) * 4;
        [blue, green, red] = [dib[colour] ?? 0, dib[colour + 1] ?? 0, dib[colour + 2] ?? 0];
      }
      if (bits === 32 && alpha > 0) anyAlpha = true;
      pixels[out] = red;
      pixels[out + 1] = green;
      pixels[out + 2] = blue;
      pixels[out + 3] = alpha;
    }
  }
  // The mask decides transparency, except for 32-bit pictures that carry a real alpha channel.
  if (hasMask && !(bits === 32 && anyAlpha)) {
    for (let y = 0; y < height; y++) {
      const row = maskAt + (height - 1 - y) * maskStride;
      for (let x = 0; x < width; x++) {
        const transparent = (dib[row + (x >> 3)]! >> (7 - (x & 7))) & 1;
        pixels[(y * width + x) * 4 + 3] = transparent ? 0 : 255;
      }
    }
  }
  return { kind: 'rgba', width, height, pixels };
}

/** The largest picture of the icon that can be read, or null. */
export function largestIcoPicture(bytes: Buffer): IcoPicture | null {
  if (!isIco(bytes)) return null;
  const candidates = entries(bytes).sort((a, b) => b.area - a.area || b.bitCount - a.bitCount);
  for (const entry of candidates) {
    if (entry.data.subarray(0, 8).equals(PNG_SIGNATURE)) return { kind: 'png', bytes: entry.data };
    const picture = decodeDib(entry.data);
    if (picture) return picture;
  }
  return null;
}
