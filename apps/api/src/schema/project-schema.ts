import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { functionDeclarationsSchema } from './function-declarations.ts';

/** `appwrite.json` in the Appwrite CLI's format: the schema as code, read and checked at start-up. */
const key = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_]{0,35}$/, 'keys are 1-36 letters, digits or underscores and start with a letter or digit');
const resourceId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/, 'ids are at most 36 chars of a-z A-Z 0-9 . - _');

const base = { key, required: z.boolean().default(false), array: z.boolean().default(false) };

const attributeSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('string'),
    size: z.number().int().min(1).max(1_073_741_824).default(255),
    format: z.enum(['', 'email', 'url', 'ip', 'enum']).default(''),
    elements: z.array(z.string().min(1)).optional(),
    default: z.string().nullable().default(null),
  }),
  z.object({
    ...base,
    type: z.literal('integer'),
    min: z.number().int().optional(),
    max: z.number().int().optional(),
    default: z.number().int().nullable().default(null),
  }),
  z.object({
    ...base,
    type: z.enum(['double', 'float']).transform(() => 'double' as const),
    min: z.number().optional(),
    max: z.number().optional(),
    default: z.number().nullable().default(null),
  }),
  z.object({ ...base, type: z.literal('boolean'), default: z.boolean().nullable().default(null) }),
  z.object({ ...base, type: z.literal('datetime'), default: z.string().nullable().default(null) }),
]);

const indexSchema = z.object({
  key,
  type: z.enum(['key', 'unique', 'fulltext']),
  attributes: z.array(z.string().min(1)).min(1),
  orders: z.array(z.enum(['ASC', 'DESC'])).default([]),
});

const collectionSchema = z.object({
  $id: resourceId,
  $permissions: z.array(z.string()).default([]),
  databaseId: resourceId,
  name: z.string().min(1).max(128),
  enabled: z.boolean().default(true),
  documentSecurity: z.boolean().default(false),
  attributes: z.array(attributeSchema).default([]),
  indexes: z.array(indexSchema).default([]),
});

const bucketSchema = z.object({
  $id: resourceId,
  $permissions: z.array(z.string()).default([]),
  name: z.string().min(1).max(128),
  fileSecurity: z.boolean().default(false),
  enabled: z.boolean().default(true),
  maximumFileSize: z.number().int().positive().default(30_000_000),
  allowedFileExtensions: z.array(z.string()).default([]),
  compression: z.enum(['none', 'gzip', 'zstd']).default('none'),
  encryption: z.boolean().default(false),
  antivirus: z.boolean().default(false),
});

export const projectSchemaSchema = z.object({
  projectId: z.string().min(1),
  projectName: z.string().min(1).default('Ballot Atlas'),
  databases: z.array(z.object({ $id: resourceId, name: z.string().min(1), enabled: z.boolean().default(true) })).default([]),
  collections: z.array(collectionSchema).default([]),
  buckets: z.array(bucketSchema).default([]),
  teams: z.array(z.object({ $id: resourceId, name: z.string().min(1) })).default([]),
  functions: functionDeclarationsSchema.default([]),
  /** Appwrite CLI's topics: `subscribe` holds the roles that may subscribe (empty: keys only). */
  topics: z.array(z.object({ $id: resourceId, name: z.string().min(1), subscribe: z.array(z.string().min(1).max(256)).max(100).default([]) })).default([]),
});

export type ProjectSchema = z.infer<typeof projectSchemaSchema>;
export type CollectionDefinition = z.infer<typeof collectionSchema>;
export type AttributeDefinition = z.infer<typeof attributeSchema>;
export type IndexDefinition = z.infer<typeof indexSchema>;

export class SchemaError extends Error {}

function checkCollection(collection: CollectionDefinition, databaseIds: Set<string>): string[] {
  const where = `collection "${collection.$id}"`;
  const problems: string[] = [];
  if (!databaseIds.has(collection.databaseId)) problems.push(`${where}: unknown database "${collection.databaseId}"`);
  const keys = new Set<string>();
  for (const attribute of collection.attributes) {
    if (keys.has(attribute.key)) problems.push(`${where}: attribute "${attribute.key}" is declared twice`);
    keys.add(attribute.key);
    if (attribute.required && attribute.default !== null) {
      problems.push(`${where}: attribute "${attribute.key}" cannot be required and have a default`);
    }
    if (attribute.type === 'string' && attribute.format === 'enum' && !attribute.elements?.length) {
      problems.push(`${where}: enum attribute "${attribute.key}" needs elements`);
    }
    if ((attribute.type === 'integer' || attribute.type === 'double') && attribute.min !== undefined && attribute.max !== undefined && attribute.min > attribute.max) {
      problems.push(`${where}: attribute "${attribute.key}" has min greater than max`);
    }
  }
  const indexKeys = new Set<string>();
  for (const index of collection.indexes) {
    if (indexKeys.has(index.key)) problems.push(`${where}: index "${index.key}" is declared twice`);
    indexKeys.add(index.key);
    for (const attribute of index.attributes) {
      if (!keys.has(attribute) && !['$id', '$createdAt', '$updatedAt'].includes(attribute)) {
        problems.push(`${where}: index "${index.key}" names unknown attribute "${attribute}"`);
      }
    }
    if (index.type === 'fulltext') {
      const [only] = index.attributes;
      const attribute = collection.attributes.find((candidate) => candidate.key === only);
      if (index.attributes.length !== 1) problems.push(`${where}: fulltext index "${index.key}" must name exactly one attribute`);
      else if (attribute && (attribute.type !== 'string' || attribute.array)) problems.push(`${where}: fulltext index "${index.key}" needs a string attribute`);
    }
  }
  return problems;
}

/** Parses and cross-checks a schema document; every problem is reported at once. */
export function parseProjectSchema(input: unknown, source = 'appwrite.json'): ProjectSchema {
  const parsed = projectSchemaSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new SchemaError(`${source} is not a valid schema:\n${lines.join('\n')}`);
  }
  const schema = parsed.data;
  const databaseIds = new Set(schema.databases.map((database) => database.$id));
  const problems = schema.collections.flatMap((collection) => checkCollection(collection, databaseIds));
  const collectionIds = new Set<string>();
  for (const collection of schema.collections) {
    const id = `${collection.databaseId}/${collection.$id}`;
    if (collectionIds.has(id)) problems.push(`collection "${collection.$id}" is declared twice`);
    collectionIds.add(id);
  }
  if (problems.length) throw new SchemaError(`${source} is not a valid schema:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  return schema;
}

export function loadProjectSchema(path: string): ProjectSchema {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new SchemaError(`Cannot read the schema file ${path}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SchemaError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseProjectSchema(json, path);
}
