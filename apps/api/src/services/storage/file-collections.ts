import type { CollectionDefinition, ProjectSchema } from '../../schema/project-schema.ts';

type BucketDefinition = ProjectSchema['buckets'][number];

/** The pseudo-database whose "collections" hold each bucket's file records. */
export const FILES_DATABASE = '_files';

/**
 * A bucket's files are kept like a collection's documents (a table per bucket, permission rows,
 * a full-text index on the name), so listing, queries, cursors, search and file security reuse
 * the document store. Only the first group of attributes is visible in the File model.
 */
export function fileCollection(bucket: BucketDefinition): CollectionDefinition {
  return {
    $id: bucket.$id,
    $permissions: bucket.$permissions,
    databaseId: FILES_DATABASE,
    name: bucket.name,
    enabled: bucket.enabled,
    documentSecurity: bucket.fileSecurity,
    attributes: [
      { key: 'name', type: 'string', size: 2048, required: true, array: false, format: '', default: null },
      { key: 'mimeType', type: 'string', size: 255, required: false, array: false, format: '', default: '' },
      { key: 'sizeOriginal', type: 'integer', required: true, array: false, default: null },
      { key: 'sizeActual', type: 'integer', required: false, array: false, default: 0 },
      { key: 'signature', type: 'string', size: 64, required: false, array: false, format: '', default: '' },
      { key: 'chunksTotal', type: 'integer', required: true, array: false, default: null },
      { key: 'chunksUploaded', type: 'integer', required: false, array: false, default: 0 },
      { key: 'compression', type: 'string', size: 16, required: false, array: false, format: '', default: 'none' },
      { key: 'encryption', type: 'boolean', required: false, array: false, default: false },
      // Not part of the File model:
      { key: 'status', type: 'string', size: 16, required: true, array: false, format: '', default: null },
      { key: 'storage', type: 'string', size: 1024, required: false, array: false, format: '', default: '' },
      // Whose upload this is while it is in progress (uploads-in-progress.ts); cleared when it completes.
      { key: 'uploader', type: 'string', size: 128, required: false, array: false, format: '', default: '' },
    ],
    indexes: [
      { key: 'name_search', type: 'fulltext', attributes: ['name'], orders: [] },
      { key: 'status_created', type: 'key', attributes: ['status', '$createdAt'], orders: [] },
    ],
  };
}

/** Attributes a client may filter and sort files by (Appwrite's list). */
export const QUERYABLE_FILE_ATTRIBUTES = new Set(['$id', '$createdAt', '$updatedAt', 'name', 'signature', 'mimeType', 'sizeOriginal', 'chunksTotal', 'chunksUploaded']);
