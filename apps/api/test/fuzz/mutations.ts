/**
 * Valid values with one thing wrong inside: an object with one field hostile (a document whose
 * `count` is a 1 MB string, a `$createdAt` it may not set), an array with one hostile element.
 * These get past the parameter's own schema and test what the handler checks next.
 */
import fc from 'fast-check';
import { FromWorld } from './fuzz-values.ts';
import { hostileValue } from './hostile-values.ts';

/** Keys a client may try to set besides declared attributes. */
const SYSTEM_KEYS = ['$id', '$permissions', '$createdAt', '$updatedAt', '$sequence', '$collectionId', '$databaseId', '$tenant', ''];

function withField(value: unknown, key: string, field: unknown): unknown {
  if (value instanceof FromWorld) return new FromWorld(value.refs, (values) => withField(value.build(values), key, field), `${value.label} with ${key} changed`);
  if (value && typeof value === 'object' && !Array.isArray(value)) return { ...value, [key]: field };
  return value;
}

export function mutatedValue(valid: fc.Arbitrary<unknown>, kind: string | undefined, keys: readonly string[]): fc.Arbitrary<unknown> | undefined {
  if (kind === 'object') {
    return fc.tuple(valid, fc.constantFrom(...keys, ...SYSTEM_KEYS), hostileValue).map(([value, key, field]) => withField(value, key, field));
  }
  if (kind === 'array') {
    return fc.tuple(valid, hostileValue, fc.nat(5)).map(([value, element, at]) => (Array.isArray(value) ? [...value.slice(0, at), element, ...value.slice(at)] : value));
  }
  return undefined;
}
