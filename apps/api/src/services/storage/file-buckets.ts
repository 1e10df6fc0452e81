import type { SqlDialect } from '../../db/dialect.ts';
import { CollectionStore } from '../../db/documents/collection-store.ts';
import type { ProjectSchema } from '../../schema/project-schema.ts';
import { CollectionPermissions } from '../databases/collection-permissions.ts';
import { fileCollection } from './file-collections.ts';

export type BucketDefinition = ProjectSchema['buckets'][number];

/** A declared bucket with its permissions and the store of its file records. */
export interface BucketEntry {
  definition: BucketDefinition;
  permissions: CollectionPermissions;
  store: CollectionStore;
}

/**
 * Where a file record is in its life. `assembling`: one process joins the chunks (its claim is in
 * `storage`); `deleting`: the record is gone for every reader and its bytes are being removed.
 */
export type FileStatus = 'uploading' | 'assembling' | 'complete' | 'deleting';

export function fileBuckets(dialect: SqlDialect, schema: ProjectSchema): Map<string, BucketEntry> {
  return new Map(
    schema.buckets.map((definition) => {
      const collection = fileCollection(definition);
      return [definition.$id, { definition, permissions: new CollectionPermissions(collection), store: new CollectionStore(dialect, collection) }];
    }),
  );
}
