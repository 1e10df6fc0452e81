import { createHash } from 'node:crypto';
import type { CollectionDefinition } from '../schema/project-schema.ts';

/** PostgreSQL truncates identifiers past 63 bytes; longer names keep a readable head and a hash tail. */
const MAX_IDENTIFIER_BYTES = 63;

export function physicalName(...parts: string[]): string {
  const joined = parts.join('_');
  if (Buffer.byteLength(joined) <= MAX_IDENTIFIER_BYTES) return joined;
  const hash = createHash('sha256').update(joined).digest('hex').slice(0, 10);
  return `${joined.slice(0, MAX_IDENTIFIER_BYTES - 11)}_${hash}`;
}

export interface CollectionTables {
  documents: string;
  permissions: string;
  fulltext(attribute: string): string;
  index(indexKey: string): string;
}

export function collectionTables(collection: Pick<CollectionDefinition, '$id' | 'databaseId'>): CollectionTables {
  const documents = physicalName(collection.databaseId, collection.$id);
  return {
    documents,
    permissions: physicalName(documents, 'perms'),
    fulltext: (attribute) => physicalName(documents, 'fts', attribute),
    index: (indexKey) => physicalName(documents, 'idx', indexKey),
  };
}

/** System attributes a query or index may name, and the column holding each. */
export const SYSTEM_COLUMNS: Record<string, string> = {
  $id: '_uid',
  $sequence: '_seq',
  $createdAt: '_createdAt',
  $updatedAt: '_updatedAt',
};
