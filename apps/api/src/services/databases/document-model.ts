import type { StoredDocument } from '../../db/documents/stored-document.ts';
import type { CollectionDefinition } from '../../schema/project-schema.ts';

export interface DocumentModel {
  $id: string;
  $sequence: string;
  $collectionId: string;
  $databaseId: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  [attribute: string]: unknown;
}

/** The wire `Document`: system fields plus every (selected) attribute at the top level. */
export function toDocumentModel(collection: CollectionDefinition, document: StoredDocument): DocumentModel {
  return {
    ...document.data,
    $id: document.id,
    $sequence: String(document.sequence),
    $collectionId: collection.$id,
    $databaseId: collection.databaseId,
    $createdAt: document.createdAt,
    $updatedAt: document.updatedAt,
    $permissions: document.permissions,
  };
}
