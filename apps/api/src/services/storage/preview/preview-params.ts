import { z } from 'zod';
import { param, type ParamDefinition, type ParamValues } from '../../../core/params.ts';

export const PREVIEW_GRAVITIES = ['center', 'top-left', 'top', 'top-right', 'left', 'right', 'bottom-left', 'bottom', 'bottom-right', 'auto'] as const;
export const PREVIEW_OUTPUTS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'avif'] as const;

export type PreviewGravity = (typeof PREVIEW_GRAVITIES)[number];
export type PreviewOutput = (typeof PREVIEW_OUTPUTS)[number];

type Optional<T extends z.ZodType> = ParamDefinition<T> & { required: false };

function oneOf<const T extends readonly [string, ...string[]]>(values: T, description: string): Optional<z.ZodEnum<{ [K in T[number]]: K }>> {
  const message = `Value must be one of (${values.join(', ')})`;
  return { schema: z.enum(values, { error: message }), required: false, description };
}

/** Appwrite's HexColor validator: 3 or 6 hex digits without '#'; '' means "not set". */
function hexColor(description: string): Optional<z.ZodString> {
  const message = 'Value must be a valid hex color code';
  return { schema: z.string({ error: message }).regex(/^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})?$/, { error: message }), required: false, description };
}

/** Appwrite's float Range validator. */
function floatRange(min: number, max: number, description: string): Optional<z.ZodNumber> {
  const message = `Value must be a valid range between ${min} and ${max}`;
  return { schema: z.number({ error: message }).min(min, { error: message }).max(max, { error: message }), required: false, description };
}

/** The image-transform params of `GET …/files/{fileId}/preview` (§10.2); spread into the route's `params`. Absent values take the defaults in preview-options.ts. */
export const previewParams = {
  width: param.integer({ min: 0, max: 4000, description: 'Resize preview image width, in pixels, 0 to 4000 (0 keeps the aspect ratio).' }),
  height: param.integer({ min: 0, max: 4000, description: 'Resize preview image height, in pixels, 0 to 4000 (0 keeps the aspect ratio).' }),
  gravity: oneOf(PREVIEW_GRAVITIES, 'Image crop gravity when both width and height are given; auto picks the most interesting region. Default center.'),
  quality: param.integer({ min: -1, max: 100, description: 'Preview image quality, 0 to 100; -1 (default) keeps the encoder default.' }),
  borderWidth: param.integer({ min: 0, max: 100, description: 'Preview image border in pixels, 0 to 100.' }),
  borderColor: hexColor('Preview image border color, a valid HEX color without # (e.g. ff0000).'),
  borderRadius: param.integer({ min: 0, max: 4000, description: 'Preview image border radius in pixels, 0 to 4000.' }),
  opacity: floatRange(0, 1, 'Preview image opacity, 0 to 1; only images with an alpha channel (png, gif, webp, avif) keep it.'),
  rotation: param.integer({ min: -360, max: 360, description: 'Preview image rotation in degrees, -360 to 360.' }),
  background: hexColor('Preview image background color for transparent images, a valid HEX color without # (e.g. ffffff).'),
  output: oneOf(PREVIEW_OUTPUTS, 'Output format; by default the source format when it is supported, else jpg.'),
};

export type PreviewParams = typeof previewParams;

/** What the route hands to the renderer: every param may be absent. */
export type PreviewOptions = Partial<ParamValues<PreviewParams>>;
