import { isIP } from 'node:net';
import { AppwriteError } from '../core/errors.ts';
import { normalizeDate } from '../core/dates.ts';
import type { AttributeDefinition, CollectionDefinition } from './project-schema.ts';

const emailPattern = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const numberFormat = new Intl.NumberFormat('en-US');

function invalid(reason: string): AppwriteError {
  return new AppwriteError('document_invalid_structure', `Invalid document structure: ${reason}`);
}

function describe(attribute: AttributeDefinition): string {
  switch (attribute.type) {
    case 'string':
      if (attribute.format === 'email') return 'Value must be a valid email address';
      if (attribute.format === 'url') return 'Value must be a valid URL';
      if (attribute.format === 'ip') return 'Value must be a valid IP address';
      if (attribute.format === 'enum') return `Value must be one of (${(attribute.elements ?? []).join(', ')})`;
      return `Value must be a valid string and no longer than ${attribute.size} chars`;
    case 'integer':
    case 'double': {
      const kind = attribute.type === 'integer' ? 'integer' : 'float';
      const min = attribute.min ?? (attribute.type === 'integer' ? Number.MIN_SAFE_INTEGER : -Number.MAX_VALUE);
      const max = attribute.max ?? (attribute.type === 'integer' ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE);
      return `Value must be a valid range between ${numberFormat.format(min)} and ${numberFormat.format(max)}` + (kind === 'integer' ? ' (integer)' : '');
    }
    case 'boolean':
      return 'Value must be a valid boolean';
    case 'datetime':
      return 'Value must be valid date between 0000-01-01 00:00:00 and 9999-12-31 23:59:59.';
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Text both engines store unchanged: well-formed Unicode (no lone surrogate) and no NUL, which PostgreSQL rejects. */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\u0000');
}

/** One scalar value checked against its attribute; returns the stored form (dates normalised). */
function normalizeScalar(attribute: AttributeDefinition, value: unknown): unknown {
  switch (attribute.type) {
    case 'string': {
      if (typeof value !== 'string' || !isStorableText(value) || [...value].length > attribute.size) return undefined;
      if (attribute.format === 'email' && !emailPattern.test(value)) return undefined;
      if (attribute.format === 'url' && !isHttpUrl(value)) return undefined;
      if (attribute.format === 'ip' && isIP(value) === 0) return undefined;
      if (attribute.format === 'enum' && !(attribute.elements ?? []).includes(value)) return undefined;
      return value;
    }
    case 'integer': {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return undefined;
      if ((attribute.min !== undefined && value < attribute.min) || (attribute.max !== undefined && value > attribute.max)) return undefined;
      return value;
    }
    case 'double': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
      if ((attribute.min !== undefined && value < attribute.min) || (attribute.max !== undefined && value > attribute.max)) return undefined;
      return value;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'datetime':
      return typeof value === 'string' ? normalizeDate(value) : undefined;
  }
}

function normalizeValue(attribute: AttributeDefinition, value: unknown): unknown {
  if (value === null) {
    if (attribute.required) throw invalid(`Missing required attribute "${attribute.key}"`);
    return null;
  }
  if (attribute.array) {
    if (!Array.isArray(value)) throw invalid(`Attribute "${attribute.key}" must be an array`);
    return value.map((item, position) => {
      const normalized = item === null ? undefined : normalizeScalar(attribute, item);
      if (normalized === undefined) throw invalid(`Attribute "${attribute.key}['${position}']" has invalid format. ${describe(attribute)}`);
      return normalized;
    });
  }
  const normalized = normalizeScalar(attribute, value);
  if (normalized === undefined) throw invalid(`Attribute "${attribute.key}" has invalid format. ${describe(attribute)}`);
  return normalized;
}

/** System fields a client may echo back in `data`; they are not attributes and are ignored. */
const ignoredSystemKeys = new Set(['$collectionId', '$databaseId', '$createdAt', '$updatedAt', '$permissions', '$sequence', '$tenant']);

/**
 * Validates `data` against the collection's attributes. `mode: 'create'` applies defaults and
 * requires every required attribute; `'update'` checks only the keys present.
 */
export function validateDocumentData(collection: CollectionDefinition, data: Record<string, unknown>, mode: 'create' | 'update'): Record<string, unknown> {
  const attributes = new Map(collection.attributes.map((attribute) => [attribute.key, attribute]));
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (ignoredSystemKeys.has(key)) continue;
    if (key === '$id') {
      if (mode === 'create') throw invalid('$id is not allowed for creating new documents, try update instead');
      continue;
    }
    const attribute = attributes.get(key);
    if (!attribute) throw invalid(`Unknown attribute: "${key}"`);
    if (value === undefined) continue;
    result[key] = normalizeValue(attribute, value);
  }
  if (mode === 'create') {
    for (const attribute of collection.attributes) {
      if (Object.hasOwn(result, attribute.key)) continue;
      if (attribute.required) throw invalid(`Missing required attribute "${attribute.key}"`);
      result[attribute.key] = attribute.default === null ? (attribute.array ? [] : null) : attribute.array ? [attribute.default] : attribute.default;
    }
  }
  return result;
}
