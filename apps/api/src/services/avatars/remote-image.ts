import sharp, { type Sharp } from 'sharp';
import { largestIcoPicture } from './ico.ts';
import { outputSize, pngOptions, type Size } from './render.ts';

/**
 * Raster formats accepted from a remote server. SVG (and PDF and the like) is refused: a vector file
 * from a stranger is a document with references, not a picture.
 */
const rasterFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Decompression bombs: at most 40 megapixels are decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

interface Decoded {
  image: Sharp;
  format: string;
  size: Size;
}

/** A remote file as a picture sharp can work on (ICO included), or null when its header is not one. */
async function decode(bytes: Buffer): Promise<Decoded | null> {
  const ico = largestIcoPicture(bytes);
  if (ico?.kind === 'rgba') {
    const image = sharp(ico.pixels, { raw: { width: ico.width, height: ico.height, channels: 4 } });
    return { image, format: 'ico', size: { width: ico.width, height: ico.height } };
  }
  try {
    const image = sharp(ico?.kind === 'png' ? ico.bytes : bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const metadata = await image.metadata();
    if (!metadata.format || !rasterFormats.has(metadata.format) || !metadata.width || !metadata.height) return null;
    // Orientation 5…8 turns the picture a quarter, swapping its sides.
    const turned = (metadata.orientation ?? 1) >= 5;
    const size = turned ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
    return { image, format: ico ? 'ico' : metadata.format, size };
  } catch {
    return null;
  }
}

export interface EncodedImage {
  body: Buffer;
  contentType: string;
}

async function encode(decoded: Decoded, size: Size, output: 'source' | 'png'): Promise<EncodedImage> {
  const resized = decoded.image.resize(size.width, size.height, { fit: 'cover', position: 'centre' });
  if (output === 'source' && decoded.format === 'jpeg') return { body: await resized.jpeg({ quality: 80, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
  if (output === 'source' && decoded.format === 'webp') return { body: await resized.webp({ quality: 80 }).toBuffer(), contentType: 'image/webp' };
  return { body: await resized.png(pngOptions(-1)).toBuffer(), contentType: 'image/png' };
}

/**
 * A fetched file resized as Appwrite crops (both sides: cover; one side: keep the aspect; none: as
 * is); `source` keeps JPEG and WebP as they came and makes everything else PNG. Null when the file
 * is not a raster picture, or its pixels do not decode (truncated, corrupt).
 */
export async function resizeRemoteImage(bytes: Buffer, width: number, height: number, output: 'source' | 'png'): Promise<EncodedImage | null> {
  const decoded = await decode(bytes);
  if (!decoded) return null;
  try {
    return await encode(decoded, outputSize(decoded.size, width, height), output);
  } catch {
    return null;
  }
}
