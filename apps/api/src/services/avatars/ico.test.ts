import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isIco, largestIcoPicture } from './ico.ts';

/** An .ico file holding these pictures (each a PNG or a DIB), with the directory sizes given. */
function ico(pictures: { width: number; height: number; bits: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pictures.length, 4);
  const directory = Buffer.alloc(16 * pictures.length);
  let offset = 6 + directory.length;
  pictures.forEach((picture, index) => {
    const at = index * 16;
    directory[at] = picture.width % 256;
    directory[at + 1] = picture.height % 256;
    directory.writeUInt16LE(1, at + 4);
    directory.writeUInt16LE(picture.bits, at + 6);
    directory.writeUInt32LE(picture.data.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += picture.data.length;
  });
  return Buffer.concat([header, directory, ...pictures.map((picture) => picture.data)]);
}

function rowBytes(bits: number, width: number): number {
  return Math.floor((bits * width + 31) / 32) * 4;
}

/**
 * A DIB as icons store it (bottom-up, height doubled for the mask). `colour(x, y)` gives the pixel
 * as [r, g, b, a] (or a palette index for paletted depths); `hole(x, y)` sets the mask bit.
 */
function dib(options: { width: number; height: number; bits: 4 | 24 | 32; palette?: number[][]; pixel(x: number, y: number): number[]; hole?(x: number, y: number): boolean }): Buffer {
  const { width, height, bits } = options;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(bits, 14);
  const palette = Buffer.alloc((options.palette?.length ?? 0) * 4);
  options.palette?.forEach(([r, g, b], index) => palette.set([b!, g!, r!, 0], index * 4));
  if (options.palette) header.writeUInt32LE(options.palette.length, 32);
  const stride = rowBytes(bits, width);
  const colours = Buffer.alloc(stride * height);
  const maskStride = rowBytes(1, width);
  const mask = Buffer.alloc(maskStride * height);
  for (let y = 0; y < height; y++) {
    const row = (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const value = options.pixel(x, y);
      if (bits === 4) colours[row + (x >> 1)]! |= value[0]! << (x % 2 === 0 ? 4 : 0);
      else colours.set(bits === 32 ? [value[2]!, value[1]!, value[0]!, value[3]!] : [value[2]!, value[1]!, value[0]!], row + x * (bits / 8));
      if (options.hole?.(x, y)) mask[(height - 1 - y) * maskStride + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return Buffer.concat([header, palette, colours, mask]);
}

async function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } }).png().toBuffer();
}

function pixelAt(picture: { width: number; pixels: Buffer }, x: number, y: number): number[] {
  const at = (y * picture.width + x) * 4;
  return [...picture.pixels.subarray(at, at + 4)];
}

describe('largestIcoPicture', () => {
  it('returns the largest PNG entry as is', async () => {
    const small = await png(16, 16, '#ff0000');
    const large = await png(48, 48, '#00ff00');
    const file = ico([
      { width: 16, height: 16, bits: 32, data: small },
      { width: 48, height: 48, bits: 32, data: large },
    ]);
    expect(isIco(file)).toBe(true);
    const picture = largestIcoPicture(file);
    expect(picture).toEqual({ kind: 'png', bytes: large });
  });

  it('treats a directory size of 0 as 256', async () => {
    const big = await png(256, 256, '#0000ff');
    const file = ico([
      { width: 32, height: 32, bits: 32, data: await png(32, 32, '#ff0000') },
      { width: 256, height: 256, bits: 32, data: big },
    ]);
    expect(largestIcoPicture(file)).toEqual({ kind: 'png', bytes: big });
  });

  it('decodes a 32-bit BMP entry with its alpha, top row first', () => {
    const file = ico([{ width: 2, height: 2, bits: 32, data: dib({ width: 2, height: 2, bits: 32, pixel: (x, y) => (y === 0 ? [255, 0, 0, 255] : [0, 0, 255, x === 0 ? 128 : 0]) }) }]);
    const picture = largestIcoPicture(file);
    if (picture?.kind !== 'rgba') throw new Error('expected an RGBA picture');
    expect([picture.width, picture.height]).toEqual([2, 2]);
    expect(pixelAt(picture, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(picture, 1, 0)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(picture, 0, 1)).toEqual([0, 0, 255, 128]);
    expect(pixelAt(picture, 1, 1)).toEqual([0, 0, 255, 0]);
  });

  it('decodes a 24-bit BMP entry and makes the masked pixels transparent', () => {
    const file = ico([{ width: 3, height: 2, bits: 24, data: dib({ width: 3, height: 2, bits: 24, pixel: () => [10, 200, 30], hole: (x, y) => x === 2 && y === 1 }) }]);
    const picture = largestIcoPicture(file);
    if (picture?.kind !== 'rgba') throw new Error('expected an RGBA picture');
    expect(pixelAt(picture, 0, 0)).toEqual([10, 200, 30, 255]);
    expect(pixelAt(picture, 2, 1)).toEqual([10, 200, 30, 0]);
  });

  it('decodes a 4-bit paletted BMP entry', () => {
    const palette = [[0, 0, 0], [255, 255, 255], [250, 100, 0]];
    const file = ico([{ width: 4, height: 1, bits: 4, data: dib({ width: 4, height: 1, bits: 4, palette, pixel: (x) => [x % 3] }) }]);
    const picture = largestIcoPicture(file);
    if (picture?.kind !== 'rgba') throw new Error('expected an RGBA picture');
    expect([0, 1, 2, 3].map((x) => pixelAt(picture, x, 0))).toEqual([
      [0, 0, 0, 255],
      [255, 255, 255, 255],
      [250, 100, 0, 255],
      [0, 0, 0, 255],
    ]);
  });

  it('answers null for what is not an icon, or an icon whose entries point outside the file', async () => {
    expect(largestIcoPicture(await png(4, 4, '#000000'))).toBeNull();
    expect(largestIcoPicture(Buffer.from('<html><body>no icon</body></html>'))).toBeNull();
    const broken = ico([{ width: 16, height: 16, bits: 32, data: await png(16, 16, '#ff0000') }]);
    broken.writeUInt32LE(broken.length, 6 + 12);
    expect(largestIcoPicture(broken)).toBeNull();
  });
});
