import { CONSOLE_COLLECTIONS, type ConsoleCollectionId } from './collections';

/** One attribute of a collection, as `appwrite.json` declares it (the Appwrite CLI's format). */
export interface AttributeDefinition {
  key: string;
  type: 'string' | 'integer' | 'double' | 'boolean' | 'datetime';
  required: boolean;
  array: boolean;
  size?: number;
  min?: number;
  max?: number;
  format?: string;
  elements?: string[];
  default?: unknown;
}

/** How one attribute is edited in the console's forms. */
export type FieldControl =
  | { kind: 'text'; maxLength: number; multiline: boolean }
  | { kind: 'url' }
  | { kind: 'email' }
  | { kind: 'colour' }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'number'; integer: boolean; min: number | undefined; max: number | undefined }
  | { kind: 'checkbox' }
  | { kind: 'datetime' }
  | { kind: 'date' }
  | { kind: 'relation'; target: ConsoleCollectionId }
  | { kind: 'file' }
  | { kind: 'list'; item: 'url' | 'text' };

/** Longer strings than this get a text area rather than a one-line input. */
const ONE_LINE_LIMIT = 256;

/** `partyId` → `parties`, `electoralAreaId` → `electoral_areas`: the collection an id attribute points at, if it is one of ours. */
export function relationTarget(key: string): ConsoleCollectionId | null {
  const stem = /^([a-z][A-Za-z]*)Id$/.exec(key)?.[1];
  if (!stem || stem.endsWith('File')) return null;
  const snake = stem.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const plural = snake.endsWith('y') ? `${snake.slice(0, -1)}ies` : `${snake}s`;
  return (CONSOLE_COLLECTIONS as readonly string[]).includes(plural) ? (plural as ConsoleCollectionId) : null;
}

/** `logoFileId`, `photoFileId`: the id of a file in the media bucket. */
export function isFileAttribute(key: string): boolean {
  return /FileId$/.test(key);
}

/**
 * The control for an attribute, from its declaration alone; `dateOnly` lists the datetime
 * attributes whose time of day means nothing (a date of birth).
 */
export function fieldControl(attribute: AttributeDefinition, dateOnly: readonly string[] = []): FieldControl {
  if (attribute.array) return { kind: 'list', item: attribute.format === 'url' ? 'url' : 'text' };
  switch (attribute.type) {
    case 'integer':
    case 'double':
      return { kind: 'number', integer: attribute.type === 'integer', min: attribute.min, max: attribute.max };
    case 'boolean':
      return { kind: 'checkbox' };
    case 'datetime':
      return { kind: dateOnly.includes(attribute.key) ? 'date' : 'datetime' };
    case 'string': {
      if (attribute.format === 'enum') return { kind: 'choice', options: attribute.elements ?? [] };
      if (attribute.format === 'url') return { kind: 'url' };
      if (attribute.format === 'email') return { kind: 'email' };
      if (isFileAttribute(attribute.key)) return { kind: 'file' };
      const target = relationTarget(attribute.key);
      if (target) return { kind: 'relation', target };
      // A `#rrggbb` colour: exactly the size of one.
      if (attribute.key === 'colour' && attribute.size === 7) return { kind: 'colour' };
      const maxLength = attribute.size ?? ONE_LINE_LIMIT;
      return { kind: 'text', maxLength, multiline: maxLength > ONE_LINE_LIMIT };
    }
  }
}
