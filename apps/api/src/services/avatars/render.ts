import sharp, { type PngOptions } from 'sharp';

export interface Size {
  width: number;
  height: number;
}

/**
 * Appwrite's sizing rule: both dimensions given → exactly that; one of them 0 → the other follows
 * the source's aspect ratio; both 0 → the source's own size.
 */
export function outputSize(source: Size, width: number, height: number): Size {
  if (width > 0 && height > 0) return { width, height };
  if (width > 0) return { width, height: Math.max(1, Math.round((width * source.height) / source.width)) };
  if (height > 0) return { width: Math.max(1, Math.round((height * source.width) / source.height)), height };
  return source;
}

/** `cover` fills the box and crops (flags, photos); `contain` shows all of it on transparency (logos). */
export type Fit = 'cover' | 'contain';

/** An SVG's intrinsic size, read from its viewBox. */
export function svgSize(svg: string): Size {
  const viewBox = /<svg\b[^>]*\bviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
  if (!viewBox) throw new Error('the SVG has no viewBox');
  return { width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2])) };
}

/** The same SVG drawn into a box of `size` pixels, cropped or letterboxed as `fit` says. */
function sized(svg: string, size: Size, fit: Fit): string {
  return svg.replace(/<svg\b([^>]*)>/, (_tag, attributes: string) => {
    const kept = attributes.replace(/\s(width|height|preserveAspectRatio)="[^"]*"/g, '');
    const aspect = fit === 'cover' ? 'xMidYMid slice' : 'xMidYMid meet';
    return `<svg${kept} width="${size.width}" height="${size.height}" preserveAspectRatio="${aspect}">`;
  });
}

/**
 * PNG options for Appwrite's `quality`: -1 or 100 keep every colour (lossless); 0…99 quantise to a
 * palette at that quality, which makes a smaller file.
 */
export function pngOptions(quality: number): PngOptions {
  return quality >= 0 && quality < 100 ? { palette: true, quality, compressionLevel: 9 } : { compressionLevel: 9 };
}

/** Rasterises a vector icon straight at the size asked (no upscaling blur) as a PNG. */
export async function renderSvg(svg: string, size: Size, fit: Fit, quality = -1): Promise<Buffer> {
  return sharp(Buffer.from(sized(svg, size, fit))).png(pngOptions(quality)).toBuffer();
}
