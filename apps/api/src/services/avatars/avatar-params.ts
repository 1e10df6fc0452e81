import { z } from 'zod';
import { param, type ParamDefinition } from '../../core/params.ts';

/** `width` or `height` of an avatar: 0…2000, where 0 follows the other dimension (see outputSize). */
export function dimension(description: string) {
  return param.integer({ min: 0, max: 2000, description });
}

/** Appwrite 1.6 takes 0…100; later servers and SDK 28 also send -1 (keep the source quality). */
export const quality = param.integer({ min: -1, max: 100, description: 'Image quality, 0…100; -1 (the default) or 100 keep every colour.' });

/** A code from a fixed list, compared case-insensitively as Appwrite's non-strict WhiteList does. */
export function codeParam(codes: readonly string[], description: string): ParamDefinition<z.ZodType<string>> & { required: true } {
  const message = `Value must be one of (${codes.join(', ')})`;
  const known = new Set(codes);
  const schema = z
    .string({ error: message })
    .transform((value) => value.toLowerCase())
    .refine((value) => known.has(value), { error: message });
  return { schema, required: true, description };
}

/** Appwrite's HexColor: 3 or 6 hex digits without `#`; empty means "not given". */
export const hexColourParam: ParamDefinition<z.ZodType<string>> & { required: false } = {
  schema: z.string({ error: 'Value must be a valid Hex color code' }).regex(/^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})?$/, { error: 'Value must be a valid Hex color code' }),
  required: false,
  description: 'Background colour, hex without `#` (e.g. `fd366e`); by default one chosen from the initials.',
};
