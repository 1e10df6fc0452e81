// Schema as code: a change that would lose or invalidate stored data stops start-up with a
// message naming the collection and the attribute (or index), and changes nothing: the server
// restarts on the old schema with the same documents, tables and indexes.
import { expect, it } from 'vitest';
import { collectionTables } from '../../../src/db/physical-names.ts';
import { collectionSnapshot, createDocuments, describeEachEngine } from '../../support/scenario.ts';
import { attributeOf, collectionOf, editedSchema, indexNames, testSchema, useSchemaRestarts, type SchemaJson } from '../../support/schema-variants.ts';

const ITEMS = 'main/items';
const itemsTable = collectionTables({ $id: 'items', databaseId: 'main' }).documents;
// Two documents share a kind; one has no body.
const stored = [
  { id: 'one', data: { title: 'One', body: 'has a body', count: 1, kind: 'alpha', tags: ['a'] } },
  { id: 'two', data: { title: 'Two', count: 2, kind: 'alpha' } },
  { id: 'three', data: { title: 'Three', body: 'also a body', count: 3, kind: 'beta' } },
];

interface UnsafeChange {
  name: string;
  edit(schema: SchemaJson): void;
  /** Must name the collection and what changed. */
  message: RegExp;
}

const changes: UnsafeChange[] = [
  {
    name: 'removing an attribute',
    edit(schema) {
      const items = collectionOf(schema, 'items');
      items.attributes = items.attributes.filter((attribute) => attribute.key !== 'body');
    },
    message: /collection "items": attribute "body" was removed/,
  },
  {
    name: 'changing an attribute type',
    edit(schema) {
      Object.assign(attributeOf(schema, 'items', 'count'), { type: 'string', size: 20, min: undefined, max: undefined });
    },
    message: /collection "items": attribute "count" changed from integer to string/,
  },
  {
    name: 'turning an array attribute into a single value',
    edit(schema) {
      attributeOf(schema, 'items', 'tags').array = false;
    },
    message: /collection "items": attribute "tags" changed from string\[\] to string/,
  },
  {
    name: 'shrinking a string size',
    edit(schema) {
      attributeOf(schema, 'items', 'title').size = 8;
    },
    message: /collection "items": attribute "title" shrank from size 64 to 8/,
  },
  {
    name: 'making an attribute required while documents lack it',
    edit(schema) {
      attributeOf(schema, 'items', 'body').required = true;
    },
    message: /collection "items": attribute "body" became required/,
  },
  {
    name: 'adding a required attribute to a collection holding documents',
    edit(schema) {
      collectionOf(schema, 'items').attributes.push({ key: 'code', type: 'string', size: 8, required: true });
    },
    message: /collection "items": new required attribute "code"/,
  },
  {
    name: 'removing an element from an enum',
    edit(schema) {
      attributeOf(schema, 'items', 'kind').elements = ['alpha', 'gamma'];
    },
    message: /collection "items": enum attribute "kind" lost elements beta/,
  },
  {
    name: 'adding a unique index over duplicate values',
    edit(schema) {
      collectionOf(schema, 'items').indexes.push({ key: 'kind_unique', type: 'unique', attributes: ['kind'], orders: ['ASC'] });
    },
    message: /collection "items": index "kind_unique" cannot be created/,
  },
];

describeEachEngine('schema changes that would lose data', (engine) => {
  const servers = useSchemaRestarts(engine);

  for (const change of changes) {
    it(`${change.name} stops start-up and changes nothing`, async () => {
      const original = await servers.start(testSchema());
      await createDocuments(original, ITEMS, stored);
      const snapshot = await collectionSnapshot(original, ITEMS);
      const indexes = (await indexNames(original)).sort();
      const columns = (await original.app.services.dialect.listColumns(itemsTable)).sort();
      await original.close();

      await expect(servers.start(editedSchema(change.edit))).rejects.toThrow(change.message);

      const restarted = await servers.start(testSchema());
      expect(restarted.app.schemaReport).toMatchObject({ created: [], altered: [] });
      expect(await collectionSnapshot(restarted, ITEMS)).toEqual(snapshot);
      expect((await indexNames(restarted)).sort()).toEqual(indexes);
      expect((await restarted.app.services.dialect.listColumns(itemsTable)).sort()).toEqual(columns);
      await restarted.close();
    });
  }
});
