import projectFile from '../../../../../appwrite.json';
import type { AttributeDefinition } from './attributes';
import type { ConsoleCollectionId } from './collections';
import type { CollectionSchema } from './record-fields';

interface DeclaredCollection {
  $id: string;
  attributes: AttributeDefinition[];
  indexes?: { type: string; attributes: string[] }[];
}

/** The schema the API applies on start (`appwrite.json`), bundled with the site: the console's forms follow it. */
const declared = (projectFile as unknown as { collections: DeclaredCollection[] }).collections;

export function collectionSchema(id: ConsoleCollectionId): CollectionSchema {
  const collection = declared.find((candidate) => candidate.$id === id);
  if (!collection) throw new Error(`appwrite.json declares no collection "${id}"`);
  const indexes = collection.indexes ?? [];
  return {
    id,
    attributes: collection.attributes.map((attribute) => ({ ...attribute, elements: attribute.elements ? [...attribute.elements] : undefined })),
    fulltextKeys: indexes.filter((index) => index.type === 'fulltext' && index.attributes.length === 1).map((index) => index.attributes[0]!),
    uniqueKeys: indexes.filter((index) => index.type === 'unique').flatMap((index) => index.attributes),
    indexedKeys: [...new Set(indexes.map((index) => index.attributes[0]!).filter(Boolean))],
  };
}
