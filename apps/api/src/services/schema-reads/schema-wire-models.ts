import { z } from 'zod';

/** The schema models for the API description (Appwrite's Database, Collection, Attribute*, Index, Bucket, Table, Column*, ColumnIndex). */
const date = z.string().describe('ISO 8601 date-time: when appwrite.json last changed.');

const field = z.looseObject({
  key: z.string(), type: z.string(), status: z.literal('available'), error: z.string(), required: z.boolean(), array: z.boolean(),
  $createdAt: date, $updatedAt: date,
}).describe('An attribute or column with its type-specific fields (size, min, max, format, elements, default).');

const index = {
  $id: z.string(), $createdAt: date, $updatedAt: date, key: z.string(), type: z.string(), status: z.literal('available'), error: z.string(),
  lengths: z.array(z.number().int()), orders: z.array(z.string()),
};
const collectionIndex = z.object({ ...index, attributes: z.array(z.string()) });
const tableIndex = z.object({ ...index, columns: z.array(z.string()) });

const container = {
  $id: z.string(), $createdAt: date, $updatedAt: date, $permissions: z.array(z.string()), databaseId: z.string(), name: z.string(), enabled: z.boolean(),
  bytesMax: z.number().int().describe('Not measured: 0.'), bytesUsed: z.number().int().describe('Not measured: 0.'),
};
const collection = z.object({ ...container, documentSecurity: z.boolean(), attributes: z.array(field), indexes: z.array(collectionIndex) });
const table = z.object({ ...container, rowSecurity: z.boolean(), columns: z.array(field), indexes: z.array(tableIndex) });

const database = z.object({ $id: z.string(), name: z.string(), $createdAt: date, $updatedAt: date, enabled: z.boolean(), type: z.enum(['legacy', 'tablesdb']) });

const bucket = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, $permissions: z.array(z.string()), fileSecurity: z.boolean(), name: z.string(), enabled: z.boolean(),
  maximumFileSize: z.number().int(), allowedFileExtensions: z.array(z.string()), compression: z.string(), encryption: z.boolean(), antivirus: z.boolean(),
  transformations: z.boolean(), totalSize: z.number().int().describe('Not measured: 0.'),
});

export const schemaModels: Record<string, z.ZodType> = {
  Database: database,
  DatabaseList: z.object({ total: z.number().int(), databases: z.array(database) }),
  Collection: collection,
  CollectionList: z.object({ total: z.number().int(), collections: z.array(collection) }),
  Attribute: field,
  AttributeList: z.object({ total: z.number().int(), attributes: z.array(field) }),
  Index: collectionIndex,
  IndexList: z.object({ total: z.number().int(), indexes: z.array(collectionIndex) }),
  Table: table,
  TableList: z.object({ total: z.number().int(), tables: z.array(table) }),
  Column: field,
  ColumnList: z.object({ total: z.number().int(), columns: z.array(field) }),
  ColumnIndex: tableIndex,
  ColumnIndexList: z.object({ total: z.number().int(), indexes: z.array(tableIndex) }),
  Bucket: bucket,
  BucketList: z.object({ total: z.number().int(), buckets: z.array(bucket) }),
};
