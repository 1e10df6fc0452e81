/** Test inputs and decoders for the preview tests (imported by *.test.ts only). */
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { expect } from 'vitest';

export type Rgba = [number, number, number, number];

export const RED: Rgba = [255, 0, 0, 255];
export const GREEN: Rgba = [0, 255, 0, 255];
export const BLUE: Rgba = [0, 0, 255, 255];
export const CLEAR: Rgba = [0, 0, 0, 0];

/** A raw RGBA image whose pixel colours come from `paint(x, y)`. */
export function paint(width: number, height: number, colour: (x: number, y: number) => Rgba): Sharp {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(colour(x, y), (y * width + x) * 4);
  return sharp(data, { raw: { width, height, channels: 4 } });
}

/** 200 × 100: red, green / blue, transparent quadrants. */
export function quadrants(): Sharp {
  return paint(200, 100, (x, y) => (y < 50 ? (x < 100 ? RED : GREEN) : x < 100 ? BLUE : CLEAR));
}

/** 300 × 100 red | green | blue columns, or (tall) 100 × 300 rows. */
export function stripes(direction: 'columns' | 'rows'): Sharp {
  const colours = [RED, GREEN, BLUE] as const;
  return direction === 'columns' ? paint(300, 100, (x) => colours[Math.floor(x / 100)]!) : paint(100, 300, (_x, y) => colours[Math.floor(y / 100)]!);
}

/** A two-frame animated GIF, 20 × 10: red then blue. */
export async function animatedGif(): Promise<Buffer> {
  const frames = Buffer.alloc(20 * 20 * 4);
  for (let i = 0; i < 400; i++) frames.set(i < 200 ? RED : BLUE, i * 4);
  return sharp(frames, { raw: { width: 20, height: 20, channels: 4, pageHeight: 10 } })
    .gif()
    .toBuffer();
}

/** A 12 kB PNG that declares 10,001 × 10,001 pixels (just over 100 megapixels): a decompression bomb. */
export function pixelBomb(): Buffer {
  const side = 10_001;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export interface Decoded {
  format: string | undefined;
  compression: string | undefined;
  width: number;
  height: number;
  /** Channels in the file (3 = no alpha). */
  channels: number;
  pages: number;
  /** RGBA at (x, y). */
  pixel(x: number, y: number): Rgba;
}

/** Decodes a preview the way a client would and exposes its pixels as RGBA. */
export async function decode(body: Buffer): Promise<Decoded> {
  const metadata = await sharp(body).metadata();
  const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    format: metadata.format,
    compression: metadata.compression,
    width: info.width,
    height: info.height,
    channels: metadata.channels ?? 0,
    pages: metadata.pages ?? 1,
    pixel(x, y) {
      const index = (y * info.width + x) * 4;
      return [...data.subarray(index, index + 4)] as Rgba;
    },
  };
}

/** Channel-wise equality within `tolerance` (lossy encoders); a failure shows the actual channels. */
export function expectNear(actual: Rgba, expected: Rgba, tolerance = 8): void {
  expect(actual.map((value, index) => (Math.abs(value - expected[index]!) <= tolerance ? expected[index]! : value))).toEqual(expected);
}
