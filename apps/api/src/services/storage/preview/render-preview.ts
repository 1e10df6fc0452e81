import { encodeWithHeifEnc, heifEncPath } from './heif-enc.ts';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { PreviewError } from './preview-error.ts';
import { CONTENT_TYPES, hexToRgb, normalisePreviewOptions, type NormalisedPreviewOptions, type PreviewFormat } from './preview-options.ts';
import type { PreviewGravity, PreviewOptions } from './preview-params.ts';
import { fileTypeLabel, fileTypeTileSvg, imagePlaceholderSvg, tileSize } from './preview-tile.ts';
import { addBorder, applyOpacity, flatten, isOpaque, roundCorners, type Raster } from './raster-ops.ts';

/** Files larger than this are previewed as a generic image placeholder (§10.2). */
export const PREVIEW_SIZE_LIMIT = 20_000_000;
/** Decompression-bomb guard: images declaring more pixels than this are refused. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Background of file-type tiles and placeholders when the request sets none. */
export const TILE_BACKGROUND = 'eceff1';
/** What transparent pixels become in a format without alpha (jpeg) when no background is set. */
const OPAQUE_FALLBACK = 'ffffff';

export interface PreviewResult {
  body: Buffer;
  contentType: string;
}

const TRANSFORMABLE_MIMES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'image/avif']);

const SHARP_POSITIONS: Record<PreviewGravity, string> = {
  center: 'centre',
  'top-left': 'northwest',
  top: 'north',
  'top-right': 'northeast',
  left: 'west',
  right: 'east',
  'bottom-left': 'southwest',
  bottom: 'south',
  'bottom-right': 'southeast',
  auto: 'attention',
};

/** A picture ready for the finishing steps: decoded (lazily) at the preview size. */
interface Source {
  pipeline: Sharp;
  /** The output format when the request names none. */
  format: PreviewFormat;
  /** '' = keep transparency. */
  background: string;
}

/**
 * Renders a storage preview (§10.2). Images (jpeg, png, gif, webp, avif; heic when libvips can decode it) are transformed;
 * other files become a file-type tile and files over 20 MB a picture placeholder, both on `eceff1` unless a background is set.
 * Animated GIF/WebP: the first frame only. Throws `PreviewError`. `originalSize` lets a caller skip reading a file
 * that is too large to transform (pass an empty buffer and the file's size: it gets the placeholder).
 */
export async function renderPreview(input: Buffer, inputMime: string, options: PreviewOptions, originalSize = input.length): Promise<PreviewResult> {
  const settings = normalisePreviewOptions(options);
  if (settings.output === 'heic' && !(await canEncodeHeic()) && !heifEncPath()) {
    throw new PreviewError('output_unsupported', 'Value must be one of (jpg, jpeg, png, gif, webp, avif)');
  }
  const image = originalSize > PREVIEW_SIZE_LIMIT ? undefined : await openImage(input, inputMime, settings);
  if (image) {
    try {
      return await finish(image, settings);
    } catch (error) {
      if (exceedsPixelLimit(error)) throw tooLarge();
      // Recognised but undecodable (truncated data, or heic without an HEVC decoder): shown as a tile below.
    }
  }
  try {
    return await finish(tile(originalSize, inputMime, settings), settings);
  } catch (error) {
    throw new PreviewError('render_failed', 'The preview could not be rendered.', { cause: error });
  }
}

/** The image with the resize applied, or undefined when the file is to be shown as a tile. */
async function openImage(input: Buffer, inputMime: string, settings: NormalisedPreviewOptions): Promise<Source | undefined> {
  if (input.length > PREVIEW_SIZE_LIMIT) return undefined;
  if (!TRANSFORMABLE_MIMES.has(baseMime(inputMime))) return undefined;
  const decode = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 } as const;
  // One decoder for the header and the pixels: metadata() reads only the header, and the same pipeline then renders.
  const opened = sharp(input, decode);
  let metadata: Metadata;
  try {
    metadata = await opened.metadata();
  } catch (error) {
    if (exceedsPixelLimit(error)) throw tooLarge();
    return undefined;
  }
  // The bytes decide, not the declared mime: an SVG or PDF uploaded as image/png is never handed to librsvg or poppler.
  const format = sourceFormat(metadata);
  if (!format) return undefined;
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw tooLarge();
  let pipeline = opened.autoOrient();
  const { width, height, gravity } = settings;
  if (width && height) pipeline = pipeline.resize(width, height, { fit: 'cover', position: SHARP_POSITIONS[gravity] });
  else if (width || height) pipeline = pipeline.resize(width || null, height || null);
  return { pipeline, format, background: settings.background };
}

/** A file-type tile, or the picture placeholder for files over the size limit, drawn at the requested size. */
function tile(originalSize: number, inputMime: string, settings: NormalisedPreviewOptions): Source {
  const { width, height } = tileSize(settings.width, settings.height);
  const svg = originalSize > PREVIEW_SIZE_LIMIT ? imagePlaceholderSvg(width, height) : fileTypeTileSvg(fileTypeLabel(inputMime), width, height);
  return { pipeline: sharp(Buffer.from(svg)), format: 'png', background: settings.background || TILE_BACKGROUND };
}

/** Opacity, background, border, radius, rotation — Appwrite's order — then the encoder. A plain resize streams straight through libvips. */
async function finish(source: Source, settings: NormalisedPreviewOptions): Promise<PreviewResult> {
  const format = settings.output || source.format;
  const matte = source.background || (format === 'jpeg' ? OPAQUE_FALLBACK : '');
  const pixelWork = settings.opacity < 1 || settings.borderWidth > 0 || settings.borderRadius > 0 || settings.rotation !== 0;
  if (!pixelWork) {
    const image = matte ? source.pipeline.flatten({ background: `#${matte}` }) : source.pipeline;
    return { body: await encodeTo(image, format, settings.quality), contentType: CONTENT_TYPES[format] };
  }
  let raster = await toRaster(source.pipeline);
  if (settings.opacity < 1) raster = applyOpacity(raster, settings.opacity);
  if (source.background) raster = flatten(raster, hexToRgb(source.background));
  if (settings.borderWidth > 0) raster = addBorder(raster, settings.borderWidth, hexToRgb(settings.borderColor));
  if (settings.borderRadius > 0) raster = roundCorners(raster, settings.borderRadius);
  if (settings.rotation !== 0) raster = await toRaster(fromRaster(raster).rotate(settings.rotation, { background: { r: 0, g: 0, b: 0, alpha: 0 } }));
  let image = fromRaster(raster);
  if (format === 'jpeg') image = image.flatten({ background: `#${matte}` });
  else if (isOpaque(raster)) image = image.removeAlpha();
  return { body: await encodeTo(image, format, settings.quality), contentType: CONTENT_TYPES[format] };
}

/** The encoded bytes; HEIC goes through heif-enc when libvips cannot write HEVC. */
async function encodeTo(image: Sharp, format: PreviewFormat, quality: number): Promise<Buffer> {
  if (format === 'heic' && !(await canEncodeHeic())) return encodeWithHeifEnc(await image.png().toBuffer(), quality);
  return encode(image, format, quality).toBuffer();
}

function encode(image: Sharp, format: PreviewFormat, quality: number): Sharp {
  const lossy = quality < 0 ? {} : { quality: Math.max(1, quality) };
  switch (format) {
    case 'jpeg':
      return image.jpeg(lossy);
    case 'webp':
      return image.webp(lossy);
    case 'avif':
      return image.avif(lossy);
    case 'heic':
      return image.heif({ compression: 'hevc', ...lossy });
    case 'png':
      return image.png(); // lossless: quality does not apply
    case 'gif':
      return image.gif();
  }
}

/** The output format a source keeps by default: its own when this server can encode it, else jpeg; undefined = not an image we transform. */
function sourceFormat(metadata: Metadata): PreviewFormat | undefined {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'gif':
    case 'webp':
      return metadata.format;
    case 'heif':
      return metadata.compression === 'av1' ? 'avif' : 'jpeg';
    default:
      return undefined;
  }
}

async function toRaster(image: Sharp): Promise<Raster> {
  const { data, info } = await image.toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function fromRaster(raster: Raster): Sharp {
  return sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: 4 } });
}

function baseMime(mime: string): string {
  return mime.split(';')[0]!.trim().toLowerCase();
}

function exceedsPixelLimit(error: unknown): boolean {
  return error instanceof Error && /exceeds pixel limit/i.test(error.message);
}

function tooLarge(): PreviewError {
  return new PreviewError('input_too_large', `The image is too large to preview: it has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
}

let heicProbe: Promise<boolean> | undefined;

/** Whether this libvips can write HEVC-compressed HEIF. sharp's prebuilt binaries ship only the AV1 (avif) encoder. */
export function canEncodeHeic(): Promise<boolean> {
  heicProbe ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .heif({ compression: 'hevc' })
    .toBuffer()
    .then(
      () => true,
      () => false,
    );
  return heicProbe;
}
