import { z } from 'zod';
import type { QueryValue } from './querystring.ts';

export type ValueKind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'unknown';

/** The JSON type a param's schema accepts, read from its JSON Schema (not from validator classes). */
export function valueKind(schema: z.ZodType): ValueKind {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { type?: string | string[]; anyOf?: { type?: string }[] };
  const types = [json.type, ...(json.anyOf ?? []).map((option) => option.type)].flat().filter((type): type is string => typeof type === 'string' && type !== 'null');
  const [first] = types;
  return first && ['string', 'number', 'integer', 'boolean', 'array', 'object'].includes(first) ? (first as ValueKind) : 'unknown';
}

/** Query-string values are text; turn them into the JSON type the param declares. */
export function coerceQueryValue(value: QueryValue, kind: ValueKind): unknown {
  if (typeof value === 'object' && !Array.isArray(value)) return kind === 'array' ? Object.values(value) : value;
  if (kind === 'array') return Array.isArray(value) ? value : [value];
  if (Array.isArray(value)) return value;
  switch (kind) {
    case 'boolean':
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return value;
    case 'integer':
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    case 'object':
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    default:
      return value;
  }
}
