/**
 * Schema-as-code tests start servers one after another on the same data with edited copies of
 * the test schema. This holds the edits, the temporary schema files and the restarts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { newTestStorage, removeTestData, startTestServer, TEST_SCHEMA, type Engine, type TestServer } from './test-server.ts';

export interface AttributeJson {
  key: string;
  type: string;
  required?: boolean;
  array?: boolean;
  size?: number;
  default?: unknown;
  elements?: string[];
  [other: string]: unknown;
}
export interface IndexJson {
  key: string;
  type: 'key' | 'unique' | 'fulltext';
  attributes: string[];
  orders?: string[];
}
export interface CollectionJson {
  $id: string;
  databaseId: string;
  name: string;
  $permissions?: string[];
  attributes: AttributeJson[];
  indexes: IndexJson[];
  [other: string]: unknown;
}
export interface SchemaJson {
  projectId: string;
  collections: CollectionJson[];
  [other: string]: unknown;
}

/** A fresh copy of the test schema, safe to edit. */
export function testSchema(): SchemaJson {
  return JSON.parse(readFileSync(TEST_SCHEMA, 'utf8'));
}

export function collectionOf(schema: SchemaJson, id: string): CollectionJson {
  const collection = schema.collections.find((candidate) => candidate.$id === id);
  if (!collection) throw new Error(`no collection ${id} in the test schema`);
  return collection;
}

export function attributeOf(schema: SchemaJson, collectionId: string, key: string): AttributeJson {
  const attribute = collectionOf(schema, collectionId).attributes.find((candidate) => candidate.key === key);
  if (!attribute) throw new Error(`no attribute ${key} in ${collectionId}`);
  return attribute;
}

/** The test schema with one edit applied. */
export function editedSchema(edit: (schema: SchemaJson) => void): SchemaJson {
  const schema = testSchema();
  edit(schema);
  return schema;
}

/**
 * For a describe block: each test gets its own data (SQLite dir or PostgreSQL schema) that
 * servers started with `start` share; schema files are written to a temporary folder.
 */
export function useSchemaRestarts(engine: Engine): { start(schema: SchemaJson): Promise<TestServer> } {
  let folder = '';
  let storage: { dataDir: string; pgSchema: string } | undefined;
  let files = 0;
  const running = new Set<TestServer>();
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'ballot-atlas-schemas-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  beforeEach(() => {
    storage = newTestStorage();
  });
  afterEach(async () => {
    for (const server of running) await server.app.close();
    running.clear();
    if (storage) await removeTestData(engine, storage);
  });
  return {
    async start(schema) {
      if (!storage) throw new Error('start() is for tests, not for describe blocks');
      const file = join(folder, `schema-${++files}.json`);
      writeFileSync(file, JSON.stringify(schema));
      const server = await startTestServer({ engine, schemaFile: file, ...storage, keepData: true });
      running.add(server);
      return {
        ...server,
        async close() {
          running.delete(server);
          await server.close();
        },
      };
    },
  };
}

/** Names of the indexes in the server's database, whatever the engine. */
export async function indexNames(server: TestServer): Promise<string[]> {
  const { name, db } = server.app.services.dialect;
  const query =
    name === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index'`
      : sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

/** The folder of the Executions tests' fixture function (one entry point that acts on its path). */
export const EXECUTION_FIXTURES = fileURLToPath(new URL('../fixtures/functions/executions', import.meta.url));

/**
 * The test schema plus `functions` (Appwrite CLI format; `path` defaults to the executions
 * fixture folder), written to a temporary file whose path is returned for SCHEMA_FILE.
 */
export function schemaFileWithFunctions(functions: readonly Record<string, unknown>[]): string {
  const schema = testSchema();
  schema['functions'] = functions.map((fn) => ({ runtime: 'node-22', entrypoint: 'main.js', path: EXECUTION_FIXTURES, ...fn }));
  const file = join(mkdtempSync(join(tmpdir(), 'ballot-atlas-functions-')), 'appwrite.json');
  writeFileSync(file, JSON.stringify(schema));
  return file;
}
