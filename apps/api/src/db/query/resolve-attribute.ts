import type { AttributeDefinition, CollectionDefinition } from '../../schema/project-schema.ts';
import { SYSTEM_COLUMNS } from '../physical-names.ts';

export interface ResolvedAttribute {
  column: string;
  definition: AttributeDefinition;
  system: boolean;
}

const systemDefinitions: Record<string, AttributeDefinition> = {
  $id: { key: '$id', type: 'string', size: 36, format: '', default: null, required: true, array: false },
  $sequence: { key: '$sequence', type: 'integer', default: null, required: true, array: false },
  $createdAt: { key: '$createdAt', type: 'datetime', default: null, required: true, array: false },
  $updatedAt: { key: '$updatedAt', type: 'datetime', default: null, required: true, array: false },
};

/** Maps an attribute name from a query to its column and definition; undefined if unknown. */
export function resolveAttribute(collection: CollectionDefinition, name: string): ResolvedAttribute | undefined {
  if (Object.hasOwn(systemDefinitions, name)) return { column: SYSTEM_COLUMNS[name] as string, definition: systemDefinitions[name]!, system: true };
  const definition = collection.attributes.find((attribute) => attribute.key === name);
  return definition ? { column: definition.key, definition, system: false } : undefined;
}

export function hasFulltextIndex(collection: CollectionDefinition, attribute: string): boolean {
  return collection.indexes.some((index) => index.type === 'fulltext' && index.attributes[0] === attribute);
}
