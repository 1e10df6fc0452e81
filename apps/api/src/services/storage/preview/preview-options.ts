import type { PreviewGravity, PreviewOptions } from './preview-params.ts';

/** Output formats after aliasing (`jpg` → `jpeg`). */
export type PreviewFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic';

/** Options with every default applied; equal previews have equal normalised options (the cache key relies on it). */
export interface NormalisedPreviewOptions {
  width: number;
  height: number;
  gravity: PreviewGravity;
  /** -1: the encoder's default. */
  quality: number;
  borderWidth: number;
  /** Six lower-case hex digits. */
  borderColor: string;
  borderRadius: number;
  opacity: number;
  /** 0–359, clockwise. */
  rotation: number;
  /** Six lower-case hex digits, or '' when not set. */
  background: string;
  /** '' = decided by the source (its own format when it can be encoded, else jpeg). */
  output: PreviewFormat | '';
}

/** Border colour when `borderWidth` is set without `borderColor`. */
const DEFAULT_BORDER_COLOR = '000000';

export function normalisePreviewOptions(options: PreviewOptions): NormalisedPreviewOptions {
  const rotation = options.rotation ?? 0;
  return {
    width: options.width ?? 0,
    height: options.height ?? 0,
    gravity: options.gravity ?? 'center',
    quality: options.quality ?? -1,
    borderWidth: options.borderWidth ?? 0,
    borderColor: normaliseHex(options.borderColor) || DEFAULT_BORDER_COLOR,
    borderRadius: options.borderRadius ?? 0,
    opacity: options.opacity ?? 1,
    rotation: ((rotation % 360) + 360) % 360,
    background: normaliseHex(options.background),
    output: options.output === 'jpg' ? 'jpeg' : (options.output ?? ''),
  };
}

/** `f00` → `ff0000`; '' and undefined → ''. */
export function normaliseHex(value: string | undefined): string {
  if (!value) return '';
  const lower = value.toLowerCase();
  return lower.length === 3 ? [...lower].map((digit) => digit + digit).join('') : lower;
}

export function hexToRgb(hex: string): { r: number; g: number; b: number } {
  const value = Number.parseInt(normaliseHex(hex), 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}

export const CONTENT_TYPES: Record<PreviewFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
};
