import { AppwriteError } from '../../core/errors.ts';
import type { CollectionDefinition, ProjectSchema } from '../../schema/project-schema.ts';

/** Finding declared schema entries by id, with the not-found error Appwrite's databases (or TablesDB) API gives. */

export function declaredDatabase(schema: ProjectSchema, databaseId: string): ProjectSchema['databases'][number] {
  const database = schema.databases.find((candidate) => candidate.$id === databaseId);
  if (!database) throw new AppwriteError('database_not_found');
  return database;
}

export function declaredCollection(schema: ProjectSchema, databaseId: string, collectionId: string, api: 'collections' | 'tables'): CollectionDefinition {
  declaredDatabase(schema, databaseId);
  const collection = schema.collections.find((candidate) => candidate.databaseId === databaseId && candidate.$id === collectionId);
  if (!collection) throw new AppwriteError(api === 'collections' ? 'collection_not_found' : 'table_not_found');
  return collection;
}

export function collectionsOf(schema: ProjectSchema, databaseId: string): CollectionDefinition[] {
  declaredDatabase(schema, databaseId);
  return schema.collections.filter((collection) => collection.databaseId === databaseId);
}

export function declaredBucket(schema: ProjectSchema, bucketId: string): ProjectSchema['buckets'][number] {
  const bucket = schema.buckets.find((candidate) => candidate.$id === bucketId);
  if (!bucket) throw new AppwriteError('storage_bucket_not_found');
  return bucket;
}
