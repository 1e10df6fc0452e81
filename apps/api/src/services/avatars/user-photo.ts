import sharp from 'sharp';
import { initialsOf, initialsSvg, themeFor } from './initials.ts';
import { pngOptions, type Size } from './render.ts';

export type PhotoFormat = 'png' | 'jpg' | 'webp';

export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Appwrite's last resort when nothing names the user: a head-and-shoulders outline on its first theme colour. */
function silhouetteSvg(size: Size): string {
  const { width: w, height: h } = size;
  const ink = 'rgba(255,255,255,0.85)';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#FD366E"/><circle cx="${w * 0.5}" cy="${h * 0.38}" r="${Math.min(w, h) * 0.22}" fill="${ink}"/><ellipse cx="${w * 0.5}" cy="${h * 0.9}" rx="${w * 0.35}" ry="${h * 0.3}" fill="${ink}"/></svg>`;
}

/** The picture for a user's label (their name, else e-mail): initials when it has any letter or digit, else the silhouette. */
export function photoSvg(label: string, size: Size): string {
  const initials = initialsOf(label);
  return initials ? initialsSvg(initials, themeFor(initials), size) : silhouetteSvg(size);
}

/** Rasterises the picture in the asked format; `quality` 0…100 (100: lossless PNG, best JPEG/WebP). */
export async function encodePhoto(svg: string, format: PhotoFormat, quality: number): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  if (format === 'jpg') return image.flatten({ background: '#ffffff' }).jpeg({ quality: Math.max(1, quality) }).toBuffer();
  if (format === 'webp') return image.webp({ quality: Math.max(1, quality) }).toBuffer();
  return image.png(pngOptions(quality)).toBuffer();
}
