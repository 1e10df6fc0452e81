// Schema as code: changes that keep every stored value are applied at start-up, and applying the
// same schema again is a no-op. Each row starts a server on the test schema, stores documents,
// restarts on the edited schema, checks the outcome, then restarts once more to see nothing left to do.
import { expect, it } from 'vitest';
import { collectionTables } from '../../../src/db/physical-names.ts';
import type { SchemaChangeReport } from '../../../src/db/schema/apply-schema.ts';
import { TEST_API_KEY, type TestServer } from '../../support/test-server.ts';
import { collectionSnapshot, createDocuments, describeEachEngine, documentsPath, queryString, send } from '../../support/scenario.ts';
import { attributeOf, collectionOf, editedSchema, indexNames, testSchema, useSchemaRestarts, type SchemaJson } from '../../support/schema-variants.ts';

const ITEMS = 'main/items';
const itemTables = collectionTables({ $id: 'items', databaseId: 'main' });
const stored = [
  { id: 'one', data: { title: 'Quokka one', body: 'quokka habitat', count: 1, kind: 'alpha', email: 'one@example.com' } },
  { id: 'two', data: { title: 'Wombat two', body: 'wombat burrow', count: 2, kind: 'beta', email: 'two@example.com' } },
];
const allCollections = testSchema().collections.map((collection) => collection.$id);

interface Before {
  snapshot: Awaited<ReturnType<typeof collectionSnapshot>>;
  tables: string[];
  indexes: string[];
}

interface SafeChange {
  name: string;
  edit(schema: SchemaJson): void;
  /** Checks on the server still running the original schema. */
  beforeChange?(server: TestServer): Promise<void>;
  verify(server: TestServer, report: SchemaChangeReport, before: Before): Promise<void>;
}

async function status(server: TestServer, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<number> {
  const response = await send(server, { method, path, body });
  await response.body?.cancel();
  return response.status;
}

async function found(server: TestServer, ...queries: object[]): Promise<string[]> {
  const response = await send(server, { method: 'GET', path: `${documentsPath(ITEMS)}?${queryString(...queries)}` });
  const json = await response.json();
  if (!response.ok) throw new Error(json.message);
  return json.documents.map((document: { $id: string }) => document.$id);
}

const changes: SafeChange[] = [
  {
    name: 'the same schema again changes nothing',
    edit() {},
    async verify(server, report, before) {
      expect(report).toMatchObject({ created: [], altered: [], orphaned: [] });
      expect(report.unchanged.sort()).toEqual([...allCollections].sort());
      expect((await server.app.services.dialect.listTables()).sort()).toEqual(before.tables);
      expect((await indexNames(server)).sort()).toEqual(before.indexes);
      expect(await collectionSnapshot(server, ITEMS)).toEqual(before.snapshot);
    },
  },
  {
    name: 'a new collection gets its tables and takes documents',
    edit(schema) {
      schema.collections.push({
        $id: 'notes',
        databaseId: 'main',
        name: 'Notes',
        $permissions: ['read("any")', 'create("any")'],
        attributes: [{ key: 'text', type: 'string', size: 200, required: true }],
        indexes: [],
      });
    },
    async verify(server, report, before) {
      expect(report.created).toEqual(['notes']);
      expect(report.altered).toEqual([]);
      const notes = collectionTables({ $id: 'notes', databaseId: 'main' });
      expect(await server.app.services.dialect.listTables()).toEqual(expect.arrayContaining([notes.documents, notes.permissions]));
      expect(await status(server, 'POST', documentsPath('main/notes'), { documentId: 'n1', data: { text: 'Hello' } })).toBe(201);
      expect(await collectionSnapshot(server, ITEMS)).toEqual(before.snapshot);
    },
  },
  {
    name: 'new attributes become columns; stored documents get the default, or null, or []',
    edit(schema) {
      collectionOf(schema, 'items').attributes.push(
        { key: 'rating', type: 'integer', min: 0, max: 5, default: 3 },
        { key: 'featured', type: 'boolean', default: true },
        { key: 'note', type: 'string', size: 100 },
        { key: 'labels', type: 'string', size: 20, array: true },
      );
    },
    async verify(server, report) {
      expect(report.altered).toEqual(['items']);
      expect(await server.app.services.dialect.listColumns(itemTables.documents)).toEqual(expect.arrayContaining(['rating', 'featured', 'note', 'labels']));
      for (const document of stored) {
        const response = await send(server, { method: 'GET', path: `${documentsPath(ITEMS)}/${document.id}` });
        expect(await response.json()).toMatchObject({ ...document.data, rating: 3, featured: true, note: null, labels: [] });
      }
      expect(await found(server, { method: 'equal', attribute: 'rating', values: [3] })).toEqual(['one', 'two']);
    },
  },
  {
    name: 'a required attribute may be added to a collection without documents',
    edit(schema) {
      collectionOf(schema, 'readonly').attributes.push({ key: 'code', type: 'string', size: 8, required: true });
    },
    async verify(server, report) {
      expect(report.altered).toEqual(['readonly']);
      const response = await send(server, { method: 'POST', path: documentsPath('main/readonly'), body: { documentId: 'r1', data: { title: 'No code' } }, headers: { 'X-Appwrite-Key': TEST_API_KEY } });
      expect(await response.json()).toMatchObject({ type: 'document_invalid_structure', message: expect.stringContaining('"code"') });
    },
  },
  {
    name: 'new key and unique indexes are built, and the unique one is enforced',
    edit(schema) {
      collectionOf(schema, 'items').indexes.push(
        { key: 'kind_unique', type: 'unique', attributes: ['kind'], orders: ['ASC'] },
        { key: 'title_count', type: 'key', attributes: ['title', 'count'], orders: ['ASC', 'DESC'] },
      );
    },
    async verify(server, report) {
      expect(report.altered).toEqual(['items']);
      expect(await indexNames(server)).toEqual(expect.arrayContaining([itemTables.index('kind_unique'), itemTables.index('title_count')]));
      expect(await status(server, 'POST', documentsPath(ITEMS), { documentId: 'three', data: { title: 'Three', kind: 'alpha' } })).toBe(409);
      expect(await status(server, 'POST', documentsPath(ITEMS), { documentId: 'four', data: { title: 'Four', kind: 'gamma' } })).toBe(201);
    },
  },
  {
    name: 'a new fulltext index finds the documents stored before it',
    edit(schema) {
      collectionOf(schema, 'items').indexes.push({ key: 'body_search', type: 'fulltext', attributes: ['body'] });
    },
    async beforeChange(server) {
      await expect(found(server, { method: 'search', attribute: 'body', values: ['quokka'] })).rejects.toThrow('requires a fulltext index');
    },
    async verify(server, report) {
      expect(report.altered).toEqual(['items']);
      expect(await found(server, { method: 'search', attribute: 'body', values: ['quokka'] })).toEqual(['one']);
      expect(await found(server, { method: 'search', attribute: 'body', values: ['burrow'] })).toEqual(['two']);
      await createDocuments(server, ITEMS, [{ id: 'three', data: { title: 'Three', body: 'quokka again' } }]);
      expect(await found(server, { method: 'search', attribute: 'body', values: ['quokka'] })).toEqual(['one', 'three']);
    },
  },
  {
    name: 'a key index changed to unique is rebuilt and enforced',
    edit(schema) {
      const index = collectionOf(schema, 'items').indexes.find((candidate) => candidate.key === 'count_key')!;
      index.type = 'unique';
    },
    async beforeChange(server) {
      expect(await status(server, 'POST', documentsPath(ITEMS), { documentId: 'dup', data: { title: 'Dup', count: 1 } })).toBe(201);
      expect(await status(server, 'DELETE', `${documentsPath(ITEMS)}/dup`)).toBe(204);
    },
    async verify(server, report) {
      expect(report.altered).toEqual(['items']);
      expect(await status(server, 'POST', documentsPath(ITEMS), { documentId: 'dup', data: { title: 'Dup', count: 1 } })).toBe(409);
    },
  },
  {
    name: 'a unique index changed to a key index no longer refuses duplicates',
    edit(schema) {
      const index = collectionOf(schema, 'items').indexes.find((candidate) => candidate.key === 'email_unique')!;
      index.type = 'key';
    },
    async beforeChange(server) {
      expect(await status(server, 'POST', documentsPath(ITEMS), { documentId: 'dup', data: { title: 'Dup', email: 'one@example.com' } })).toBe(409);
    },
    async verify(server, report) {
      expect(report.altered).toEqual(['items']);
      expect(await status(server, 'POST', documentsPath(ITEMS), { documentId: 'dup', data: { title: 'Dup', email: 'one@example.com' } })).toBe(201);
    },
  },
  {
    name: 'a fulltext index moved to another attribute is rebuilt from the stored documents',
    edit(schema) {
      collectionOf(schema, 'items').indexes.find((candidate) => candidate.key === 'title_search')!.attributes = ['body'];
    },
    async verify(server, report) {
      expect(report.altered).toEqual(['items']);
      expect(await found(server, { method: 'search', attribute: 'body', values: ['wombat'] })).toEqual(['two']);
      await expect(found(server, { method: 'search', attribute: 'title', values: ['wombat'] })).rejects.toThrow('requires a fulltext index');
    },
  },
  {
    name: 'a removed index is dropped',
    edit(schema) {
      const collection = collectionOf(schema, 'items');
      collection.indexes = collection.indexes.filter((index) => index.key !== 'count_key');
    },
    async verify(server, report, before) {
      expect(report.altered).toEqual(['items']);
      expect(before.indexes).toContain(itemTables.index('count_key'));
      expect(await indexNames(server)).not.toContain(itemTables.index('count_key'));
      expect(await collectionSnapshot(server, ITEMS)).toEqual(before.snapshot);
    },
  },
  {
    name: 'a string attribute may grow',
    edit(schema) {
      attributeOf(schema, 'items', 'title').size = 128;
    },
    async verify(server, report) {
      expect(report.altered).toEqual(['items']);
      expect(await status(server, 'POST', documentsPath(ITEMS), { documentId: 'long', data: { title: 'x'.repeat(100) } })).toBe(201);
    },
  },
];

describeEachEngine('schema changes that keep the data', (engine) => {
  const servers = useSchemaRestarts(engine);

  for (const change of changes) {
    it(change.name, async () => {
      const original = await servers.start(testSchema());
      await createDocuments(original, ITEMS, stored);
      await change.beforeChange?.(original);
      const before: Before = {
        snapshot: await collectionSnapshot(original, ITEMS),
        tables: (await original.app.services.dialect.listTables()).sort(),
        indexes: (await indexNames(original)).sort(),
      };
      await original.close();

      const schema = editedSchema(change.edit);
      const changed = await servers.start(schema);
      await change.verify(changed, changed.app.schemaReport, before);
      await changed.close();

      const again = await servers.start(schema);
      expect(again.app.schemaReport).toMatchObject({ created: [], altered: [] });
      await again.close();
    });
  }
});
