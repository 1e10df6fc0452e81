import { statSync } from 'node:fs';
import { formatDate } from '../../core/dates.ts';
import type { AttributeDefinition, CollectionDefinition, IndexDefinition, ProjectSchema } from '../../schema/project-schema.ts';

/**
 * Appwrite's schema models (Database, Collection, Attribute*, Index, Bucket, and the TablesDB
 * Table, Column*, ColumnIndex) rendered from appwrite.json. The schema is applied at start, so
 * everything is `available`, and its times are the schema file's last change.
 */
export function schemaTime(schemaFile: string): string {
  return formatDate(statSync(schemaFile).mtime);
}

type DatabaseDefinition = ProjectSchema['databases'][number];
type BucketDefinition = ProjectSchema['buckets'][number];

export function databaseModel(database: DatabaseDefinition, time: string, type: 'legacy' | 'tablesdb') {
  return { $id: database.$id, name: database.name, $createdAt: time, $updatedAt: time, enabled: database.enabled, type };
}

/** The type-specific fields, in the order Appwrite's Attribute* model adds them. */
function attributeDetails(attribute: AttributeDefinition): Record<string, unknown> {
  switch (attribute.type) {
    case 'string':
      if (attribute.format === 'enum') return { elements: attribute.elements ?? [], format: 'enum', default: attribute.default };
      if (attribute.format) return { format: attribute.format, default: attribute.default };
      return { size: attribute.size, default: attribute.default, encrypt: false };
    case 'integer':
    case 'double':
      return { min: attribute.min ?? null, max: attribute.max ?? null, default: attribute.default };
    case 'boolean':
      return { default: attribute.default };
    case 'datetime':
      return { format: 'datetime', default: attribute.default };
  }
}

/** An attribute (or, for TablesDB, a column): Appwrite's per-type model, always `available`. */
export function attributeModel(attribute: AttributeDefinition, time: string) {
  return {
    key: attribute.key, type: attribute.type, status: 'available', error: '', required: attribute.required, array: attribute.array,
    $createdAt: time, $updatedAt: time, ...attributeDetails(attribute),
  };
}

export function indexModel(index: IndexDefinition, time: string) {
  return {
    $id: index.key, $createdAt: time, $updatedAt: time, key: index.key, type: index.type, status: 'available', error: '',
    attributes: index.attributes, lengths: [] as number[], orders: index.attributes.map((_, position) => index.orders[position] ?? 'ASC'),
  };
}

export function columnIndexModel(index: IndexDefinition, time: string) {
  const { attributes, ...rest } = indexModel(index, time);
  return { ...rest, columns: attributes };
}

/** Storage use is not measured: Appwrite's byte counters (bytesMax, bytesUsed, totalSize) read 0. */
const unmeasured = { bytesMax: 0, bytesUsed: 0 };

export function collectionModel(collection: CollectionDefinition, time: string) {
  return {
    $id: collection.$id, $createdAt: time, $updatedAt: time, $permissions: collection.$permissions, databaseId: collection.databaseId,
    name: collection.name, enabled: collection.enabled, documentSecurity: collection.documentSecurity,
    attributes: collection.attributes.map((attribute) => attributeModel(attribute, time)),
    indexes: collection.indexes.map((index) => indexModel(index, time)), ...unmeasured,
  };
}

export function tableModel(collection: CollectionDefinition, time: string) {
  return {
    $id: collection.$id, $createdAt: time, $updatedAt: time, $permissions: collection.$permissions, databaseId: collection.databaseId,
    name: collection.name, enabled: collection.enabled, rowSecurity: collection.documentSecurity,
    columns: collection.attributes.map((attribute) => attributeModel(attribute, time)),
    indexes: collection.indexes.map((index) => columnIndexModel(index, time)), ...unmeasured,
  };
}

export function bucketModel(bucket: BucketDefinition, time: string) {
  return {
    $id: bucket.$id, $createdAt: time, $updatedAt: time, $permissions: bucket.$permissions, fileSecurity: bucket.fileSecurity, name: bucket.name,
    enabled: bucket.enabled, maximumFileSize: bucket.maximumFileSize, allowedFileExtensions: bucket.allowedFileExtensions,
    compression: bucket.compression, encryption: bucket.encryption, antivirus: bucket.antivirus, transformations: true, totalSize: 0,
  };
}
