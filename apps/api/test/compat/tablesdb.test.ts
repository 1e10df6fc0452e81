import { Client, Databases, TablesDB, type Models } from 'appwrite28';
import { beforeAll, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PROJECT, TEST_SCHEMA } from '../support/test-server.ts';
import { signUpAndIn } from './support/accounts.ts';
import { describeCompat, type CompatContext } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { operatorCreateDocument } from './support/operator.ts';
import type { WireDocument } from './support/sdk-generations.ts';
import { APPWRITE_DATE } from './support/wire.ts';

type Row = Models.Row & Record<string, any>;

const unauthorized = { code: 401, type: 'user_unauthorized' };
const rowNotFound = { code: 404, type: 'row_not_found' };
const columnLimit = { code: 400, type: 'column_limit_exceeded' };

function tablesDb(context: CompatContext, session?: string): TablesDB {
  const client = new Client().setEndpoint(context.endpoint).setProject(TEST_PROJECT);
  if (session) client.setSession(session);
  return new TablesDB(client);
}

/** The test schema plus `tallies`: document security, anyone may create, numeric columns to count with. */
const TALLIES_SCHEMA = (() => {
  const schema = JSON.parse(readFileSync(TEST_SCHEMA, 'utf8')) as { collections: object[] };
  schema.collections.push({
    $id: 'tallies',
    databaseId: 'main',
    name: 'Tallies',
    $permissions: ['create("any")'],
    documentSecurity: true,
    attributes: [
      { key: 'title', type: 'string', size: 64, required: true },
      { key: 'votes', type: 'integer', required: false },
      { key: 'share', type: 'double', required: false },
    ],
    indexes: [],
  });
  const file = join(mkdtempSync(join(tmpdir(), 'tablesdb-schema-')), 'schema.json');
  writeFileSync(file, JSON.stringify(schema));
  return file;
})();

/**
 * How often the outbox holds `name` among the names of its committed events (as function triggers
 * and realtime see them), polled: on PostgreSQL the outbox hands out rows only once no older
 * transaction is still running.
 */
function eventCount(context: CompatContext, name: string) {
  return expect.poll(async () => {
    const page = await context.server.app.services.events.store.readAfter({ txid: 0, seq: 0 }, 10_000);
    return page.events.flatMap((event) => event.events).filter((event) => event === name).length;
  }, { timeout: 5_000 });
}

describeCompat(
  'TablesDB rows',
  (context) => {
    let rows: TablesDB;
    beforeAll(() => {
      rows = tablesDb(context);
    });

    it('creates a row: $tableId instead of $collectionId, and getRow and listRows return it unchanged', async () => {
      const { ID, Query } = context.sdk;
      const created = await rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: ID.unique(), data: { title: 'Ballot box', count: 3, tags: ['paper'] } });
      expect(created.$id).toMatch(/^[0-9a-f]{20}$/);
      expect(created.$tableId).toBe('items');
      expect(created.$databaseId).toBe('main');
      expect(created).not.toHaveProperty('$collectionId');
      expect(created.$createdAt).toMatch(APPWRITE_DATE);
      expect(typeof created.$sequence).toBe('string');
      expect(created).toMatchObject({ title: 'Ballot box', count: 3, tags: ['paper'], active: false, body: null });

      expect(await rows.getRow({ databaseId: 'main', tableId: 'items', rowId: created.$id })).toEqual(created);
      const list = await rows.listRows({ databaseId: 'main', tableId: 'items', queries: [Query.equal('$id', created.$id)] });
      expect(list).toEqual({ total: 1, rows: [created] });
    });

    it('filters, orders and pages rows with queries, and skips the count when total is false', async () => {
      const { ID, Query } = context.sdk;
      for (const count of [30, 10, 20]) await rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: ID.unique(), data: { title: 'Ranked', count } });
      const ranked = [Query.equal('title', 'Ranked'), Query.orderDesc('count')];
      const all = await rows.listRows<Row>({ databaseId: 'main', tableId: 'items', queries: ranked });
      expect(all.total).toBe(3);
      expect(all.rows.map((row) => row['count'])).toEqual([30, 20, 10]);
      const second = await rows.listRows<Row>({ databaseId: 'main', tableId: 'items', queries: [...ranked, Query.limit(1), Query.offset(1)] });
      expect(second.rows.map((row) => row['count'])).toEqual([20]);
      const uncounted = await rows.listRows({ databaseId: 'main', tableId: 'items', queries: ranked, total: false });
      expect(uncounted.total).toBe(0);
      expect(uncounted.rows).toHaveLength(3);
    });

    it('updates and deletes a row; a deleted or unknown row is row_not_found, an unknown table table_not_found', async () => {
      const { ID } = context.sdk;
      const created = await rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: ID.unique(), data: { title: 'Before', body: 'kept' } });
      const updated = await rows.updateRow<Row>({ databaseId: 'main', tableId: 'items', rowId: created.$id, data: { title: 'After' } });
      expect(updated).toMatchObject({ $id: created.$id, $tableId: 'items', title: 'After', body: 'kept', $createdAt: created.$createdAt });

      await rows.deleteRow({ databaseId: 'main', tableId: 'items', rowId: created.$id });
      await expectSdkError(context.sdk, () => rows.getRow({ databaseId: 'main', tableId: 'items', rowId: created.$id }), rowNotFound);
      await expectSdkError(context.sdk, () => rows.updateRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'never-was', data: { title: 'x' } }), rowNotFound);
      await expectSdkError(context.sdk, () => rows.deleteRow({ databaseId: 'main', tableId: 'items', rowId: 'never-was' }), rowNotFound);
      await expectSdkError(context.sdk, () => rows.listRows({ databaseId: 'main', tableId: 'no-such-table' }), { code: 404, type: 'table_not_found' });
      await expectSdkError(context.sdk, () => rows.listRows({ databaseId: 'nodb', tableId: 'items' }), { code: 404, type: 'database_not_found' });
    });

    it('refuses bad data with the row error types, writing nothing', async () => {
      const { ID, Query } = context.sdk;
      await expectSdkError(context.sdk, () => rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: ID.unique(), data: { title: 'Bad', nope: 1 } }), { code: 400, type: 'row_invalid_structure' });
      await expectSdkError(context.sdk, () => rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: ID.unique(), data: {} }), { code: 400, type: 'row_missing_data' });
      await expectSdkError(context.sdk, () => rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'dup-row', data: { title: 'One' } }).then(() => rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'dup-row', data: { title: 'Two' } })), { code: 409, type: 'row_already_exists' });
      expect((await rows.listRows({ databaseId: 'main', tableId: 'items', queries: [Query.equal('title', ['Bad', 'Two'])] })).total).toBe(0);
    });

    it('applies table and row permissions as for documents', async () => {
      const { ID, Permission, Role } = context.sdk;
      await operatorCreateDocument(context.endpoint, 'locked', 'locked-row', { title: 'Locked' }, [Permission.read(Role.any())]);
      await operatorCreateDocument(context.endpoint, 'readonly', 'readonly-row', { title: 'Read only' }, []);
      await operatorCreateDocument(context.endpoint, 'secure', 'private-row', { title: 'Nobody may read' }, []);
      await expectSdkError(context.sdk, () => rows.listRows({ databaseId: 'main', tableId: 'locked' }), unauthorized);
      await expectSdkError(context.sdk, () => rows.getRow({ databaseId: 'main', tableId: 'locked', rowId: 'locked-row' }), rowNotFound);
      await expectSdkError(context.sdk, () => rows.createRow<Row>({ databaseId: 'main', tableId: 'readonly', rowId: ID.unique(), data: { title: 'Nope' } }), unauthorized);
      await expectSdkError(context.sdk, () => rows.updateRow<Row>({ databaseId: 'main', tableId: 'readonly', rowId: 'readonly-row', data: { title: 'Nope' } }), unauthorized);
      await expectSdkError(context.sdk, () => rows.getRow({ databaseId: 'main', tableId: 'secure', rowId: 'private-row' }), rowNotFound);
      expect((await rows.getRow<Row>({ databaseId: 'main', tableId: 'readonly', rowId: 'readonly-row' }))['title']).toBe('Read only');
    });

    it('upserts: creates a missing row, then replaces the given columns and keeps its permissions', async () => {
      const { Permission, Role } = context.sdk;
      const created = await rows.upsertRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'upserted-row', data: { title: 'First', count: 1, body: 'kept' }, permissions: [Permission.read(Role.any())] });
      expect(created).toMatchObject({ $id: 'upserted-row', $tableId: 'items', title: 'First', count: 1, body: 'kept', $permissions: ['read("any")'] });

      const updated = await rows.upsertRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'upserted-row', data: { title: 'Second', count: 2 } });
      expect(updated).toMatchObject({ $id: 'upserted-row', title: 'Second', count: 2, body: 'kept', $permissions: ['read("any")'], $createdAt: created.$createdAt, $sequence: created.$sequence });
      expect(await rows.getRow({ databaseId: 'main', tableId: 'items', rowId: 'upserted-row' })).toEqual(updated);

      await eventCount(context, 'databases.main.tables.items.rows.upserted-row.upsert').toBe(2);
      await eventCount(context, 'databases.main.collections.items.documents.upserted-row.upsert').toBe(2);
    });

    it('upsert of an existing row still needs every required column, and changes nothing without it', async () => {
      await rows.upsertRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'needs-title', data: { title: 'Titled', count: 4 } });
      await expectSdkError(context.sdk, () => rows.upsertRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'needs-title', data: { count: 5 } }), { code: 400, type: 'row_invalid_structure' });
      await expectSdkError(context.sdk, () => rows.upsertRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'needs-title', data: {} }), { code: 400, type: 'row_missing_payload' });
      expect((await rows.getRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'needs-title' }))['count']).toBe(4);
    });

    it('upsert needs the create permission to create and the update permission to update', async () => {
      const { Permission, Role } = context.sdk;
      await operatorCreateDocument(context.endpoint, 'readonly', 'readonly-upsert', { title: 'Read only' }, []);
      await expectSdkError(context.sdk, () => rows.upsertRow<Row>({ databaseId: 'main', tableId: 'readonly', rowId: 'readonly-new', data: { title: 'Nope' } }), unauthorized);
      await expectSdkError(context.sdk, () => rows.upsertRow<Row>({ databaseId: 'main', tableId: 'readonly', rowId: 'readonly-upsert', data: { title: 'Nope' } }), unauthorized);
      await expectSdkError(context.sdk, () => rows.getRow({ databaseId: 'main', tableId: 'readonly', rowId: 'readonly-new' }), rowNotFound);

      // Document security: the owner may update through its own grant, another user may not.
      const owner = await signUpAndIn(context, 'upsert-owner');
      const ownerRows = tablesDb(context, owner.token);
      const mine = await ownerRows.upsertRow<Row>({ databaseId: 'main', tableId: 'secure', rowId: 'owned-row', data: { title: 'Mine' } });
      expect(mine.$permissions.sort()).toEqual([Permission.delete(Role.user(owner.user.id)), Permission.read(Role.user(owner.user.id)), Permission.update(Role.user(owner.user.id))].sort());
      expect((await ownerRows.upsertRow<Row>({ databaseId: 'main', tableId: 'secure', rowId: 'owned-row', data: { title: 'Still mine' } }))['title']).toBe('Still mine');
      const other = await signUpAndIn(context, 'upsert-other');
      await expectSdkError(context.sdk, () => tablesDb(context, other.token).upsertRow<Row>({ databaseId: 'main', tableId: 'secure', rowId: 'owned-row', data: { title: 'Taken' } }), unauthorized);
      // Nor may a caller name a role it does not hold.
      await expectSdkError(context.sdk, () => ownerRows.upsertRow<Row>({ databaseId: 'main', tableId: 'secure', rowId: 'owned-row', data: { title: 'x' }, permissions: [Permission.read(Role.user('someone-else'))] }), unauthorized);
      expect((await ownerRows.getRow<Row>({ databaseId: 'main', tableId: 'secure', rowId: 'owned-row' }))['title']).toBe('Still mine');
    });

    it('increments and decrements a column, by 1 or by value', async () => {
      const created = await rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'counter-row', data: { title: 'Counter', count: 5, price: 1.5 } });
      const once = await rows.incrementRowColumn<Row>({ databaseId: 'main', tableId: 'items', rowId: 'counter-row', column: 'count' });
      expect(once).toMatchObject({ $id: 'counter-row', $tableId: 'items', $databaseId: 'main', count: 6, title: 'Counter' });
      expect(Date.parse(once.$updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.$updatedAt));
      expect((await rows.incrementRowColumn<Row>({ databaseId: 'main', tableId: 'items', rowId: 'counter-row', column: 'count', value: 4 }))['count']).toBe(10);
      expect((await rows.decrementRowColumn<Row>({ databaseId: 'main', tableId: 'items', rowId: 'counter-row', column: 'count', value: 3 }))['count']).toBe(7);
      expect((await rows.incrementRowColumn<Row>({ databaseId: 'main', tableId: 'items', rowId: 'counter-row', column: 'price', value: 0.25 }))['price']).toBe(1.75);
      expect((await rows.getRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'counter-row' }))['count']).toBe(7);
    });

    it('refuses an increment past max and a decrement below min, changing nothing', async () => {
      await rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'bounded-row', data: { title: 'Bounded', count: 10 } });
      const tooHigh = await expectSdkError(context.sdk, () => rows.incrementRowColumn({ databaseId: 'main', tableId: 'items', rowId: 'bounded-row', column: 'count', value: 1, max: 10 }), columnLimit);
      expect(tooHigh.message).toBe('tablesDB "count" has reached the maximum value of 10');
      const tooLow = await expectSdkError(context.sdk, () => rows.decrementRowColumn({ databaseId: 'main', tableId: 'items', rowId: 'bounded-row', column: 'count', value: 3, min: 8 }), columnLimit);
      expect(tooLow.message).toBe('tablesDB "count" has reached the minimum value of 8');
      expect((await rows.getRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'bounded-row' }))['count']).toBe(10);
      // Reaching the bound exactly is allowed.
      expect((await rows.decrementRowColumn<Row>({ databaseId: 'main', tableId: 'items', rowId: 'bounded-row', column: 'count', value: 2, min: 8 }))['count']).toBe(8);
    });

    it('counts two concurrent increments both', async () => {
      await rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'busy-row', data: { title: 'Busy', count: 0 } });
      await Promise.all(Array.from({ length: 10 }, () => rows.incrementRowColumn({ databaseId: 'main', tableId: 'items', rowId: 'busy-row', column: 'count', value: 2 })));
      expect((await rows.getRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'busy-row' }))['count']).toBe(20);
    });

    it('refuses a non-numeric or unknown column, a missing row, a zero step and a caller without update permission', async () => {
      await rows.createRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'typed-row', data: { title: 'Typed', count: 1 } });
      const notNumber = await expectSdkError(context.sdk, () => rows.incrementRowColumn({ databaseId: 'main', tableId: 'items', rowId: 'typed-row', column: 'title' }), { code: 400, type: 'attribute_type_invalid' });
      expect(notNumber.message).toBe('tablesDB "title" is not a number');
      await expectSdkError(context.sdk, () => rows.incrementRowColumn({ databaseId: 'main', tableId: 'items', rowId: 'typed-row', column: 'tags' }), { code: 400, type: 'attribute_type_invalid' });
      await expectSdkError(context.sdk, () => rows.incrementRowColumn({ databaseId: 'main', tableId: 'items', rowId: 'typed-row', column: 'unknown' }), { code: 404, type: 'column_not_found' });
      await expectSdkError(context.sdk, () => rows.incrementRowColumn({ databaseId: 'main', tableId: 'items', rowId: 'never-was', column: 'count' }), rowNotFound);
      await expectSdkError(context.sdk, () => rows.incrementRowColumn({ databaseId: 'main', tableId: 'items', rowId: 'typed-row', column: 'count', value: 0 }), { code: 400, type: 'general_argument_invalid' });
      await expectSdkError(context.sdk, () => rows.incrementRowColumn({ databaseId: 'main', tableId: 'items', rowId: 'typed-row', column: 'count', value: 0.5 }), { code: 400, type: 'general_argument_invalid' });
      expect((await rows.getRow<Row>({ databaseId: 'main', tableId: 'items', rowId: 'typed-row' }))['count']).toBe(1);

      const { Permission, Role } = context.sdk;
      await operatorCreateDocument(context.endpoint, 'tallies', 'read-only-tally', { title: 'Read only', votes: 3 }, [Permission.read(Role.any())]);
      await operatorCreateDocument(context.endpoint, 'tallies', 'open-tally', { title: 'Open', votes: 3 }, [Permission.read(Role.any()), Permission.update(Role.any())]);
      await expectSdkError(context.sdk, () => rows.incrementRowColumn({ databaseId: 'main', tableId: 'tallies', rowId: 'read-only-tally', column: 'votes' }), unauthorized);
      expect((await rows.getRow<Row>({ databaseId: 'main', tableId: 'tallies', rowId: 'read-only-tally' }))['votes']).toBe(3);
      expect((await rows.incrementRowColumn<Row>({ databaseId: 'main', tableId: 'tallies', rowId: 'open-tally', column: 'votes' }))['votes']).toBe(4);
    });
  },
  { generations: (sdk) => sdk.version.startsWith('28.'), schemaFile: TALLIES_SCHEMA },
);

/** Databases.upsertDocument and increment/decrementDocumentAttribute: SDK 28 calls them, SDK 17 (which lacks them) sends the same REST requests. */
interface DocumentWrites {
  upsert(collectionId: string, documentId: string, data: object, permissions?: string[]): Promise<WireDocument>;
  increment(collectionId: string, documentId: string, attribute: string, value?: number, max?: number): Promise<WireDocument>;
  decrement(collectionId: string, documentId: string, attribute: string, value?: number, min?: number): Promise<WireDocument>;
}

function documentWrites(context: CompatContext): DocumentWrites {
  if (context.sdk.version.startsWith('28.')) {
    const databases = new Databases(new Client().setEndpoint(context.endpoint).setProject(TEST_PROJECT));
    return {
      upsert: (collectionId, documentId, data, permissions) =>
        databases.upsertDocument({ databaseId: 'main', collectionId, documentId, data, ...(permissions ? { permissions } : {}) }) as Promise<unknown> as Promise<WireDocument>,
      increment: (collectionId, documentId, attribute, value, max) =>
        databases.incrementDocumentAttribute({ databaseId: 'main', collectionId, documentId, attribute, ...(value === undefined ? {} : { value }), ...(max === undefined ? {} : { max }) }) as Promise<unknown> as Promise<WireDocument>,
      decrement: (collectionId, documentId, attribute, value, min) =>
        databases.decrementDocumentAttribute({ databaseId: 'main', collectionId, documentId, attribute, ...(value === undefined ? {} : { value }), ...(min === undefined ? {} : { min }) }) as Promise<unknown> as Promise<WireDocument>,
    };
  }
  const call = async (method: 'PUT' | 'PATCH', path: string, body: object): Promise<WireDocument> => {
    const response = await fetch(`${context.endpoint}/databases/main/collections/${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-sdk-version': context.sdk.version },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const reply = JSON.parse(text);
    if (!response.ok) throw new context.sdk.AppwriteException(reply.message, reply.code, reply.type, text);
    expect(response.status).toBe(200);
    return reply as WireDocument;
  };
  return {
    upsert: (collectionId, documentId, data, permissions) => call('PUT', `${collectionId}/documents/${documentId}`, { data, ...(permissions ? { permissions } : {}) }),
    increment: (collectionId, documentId, attribute, value, max) => call('PATCH', `${collectionId}/documents/${documentId}/${attribute}/increment`, { value, max }),
    decrement: (collectionId, documentId, attribute, value, min) => call('PATCH', `${collectionId}/documents/${documentId}/${attribute}/decrement`, { value, min }),
  };
}

describeCompat(
  'Databases upsert and counters',
  (context) => {
    let writes: DocumentWrites;
    beforeAll(() => {
      writes = documentWrites(context);
    });

    it('upserts a document: creates it, then replaces the given attributes, with its upsert events', async () => {
      const created = await writes.upsert('items', 'upserted-doc', { title: 'First', count: 1, body: 'kept' });
      expect(created).toMatchObject({ $id: 'upserted-doc', $collectionId: 'items', $databaseId: 'main', title: 'First', count: 1, body: 'kept', $permissions: [] });
      const updated = await writes.upsert('items', 'upserted-doc', { title: 'Second' });
      expect(updated).toMatchObject({ $id: 'upserted-doc', title: 'Second', count: 1, body: 'kept', $createdAt: created.$createdAt });
      expect(await context.databases.getDocument('main', 'items', 'upserted-doc')).toEqual(updated);
      await eventCount(context, 'databases.main.collections.items.documents.upserted-doc.upsert').toBe(2);
    });

    it('refuses an upsert without the create or update permission, and bad data, writing nothing', async () => {
      await operatorCreateDocument(context.endpoint, 'readonly', 'readonly-doc', { title: 'Read only' }, []);
      await expectSdkError(context.sdk, () => writes.upsert('readonly', 'readonly-doc', { title: 'Nope' }), unauthorized);
      await expectSdkError(context.sdk, () => writes.upsert('readonly', 'readonly-new', { title: 'Nope' }), unauthorized);
      await expectSdkError(context.sdk, () => writes.upsert('items', 'bad-doc', { title: 'Bad', nope: true }), { code: 400, type: 'document_invalid_structure' });
      await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'items', 'bad-doc'), { code: 404, type: 'document_not_found' });
      expect((await context.databases.getDocument('main', 'readonly', 'readonly-doc'))['title']).toBe('Read only');
    });

    it('increments and decrements within the bounds and refuses to pass them, changing nothing', async () => {
      await writes.upsert('items', 'doc-counter', { title: 'Counter', count: 5 });
      expect((await writes.increment('items', 'doc-counter', 'count'))['count']).toBe(6);
      expect((await writes.increment('items', 'doc-counter', 'count', 4))['count']).toBe(10);
      const tooHigh = await expectSdkError(context.sdk, () => writes.increment('items', 'doc-counter', 'count', 1, 8), { code: 400, type: 'attribute_limit_exceeded' });
      expect(tooHigh.message).toBe('databases "count" has reached the maximum value of 8');
      const tooLow = await expectSdkError(context.sdk, () => writes.decrement('items', 'doc-counter', 'count', 3, 8), { code: 400, type: 'attribute_limit_exceeded' });
      expect(tooLow.message).toBe('databases "count" has reached the minimum value of 8');
      expect((await context.databases.getDocument('main', 'items', 'doc-counter'))['count']).toBe(10);
      expect((await writes.decrement('items', 'doc-counter', 'count', 2, 8))['count']).toBe(8);
      await eventCount(context, 'databases.main.collections.items.documents.doc-counter.update').toBe(3);
    });

    it('counts concurrent increments and decrements all', async () => {
      await writes.upsert('items', 'busy-doc', { title: 'Busy', count: 100 });
      await Promise.all([
        ...Array.from({ length: 8 }, () => writes.increment('items', 'busy-doc', 'count', 3)),
        ...Array.from({ length: 4 }, () => writes.decrement('items', 'busy-doc', 'count', 1)),
      ]);
      expect((await context.databases.getDocument('main', 'items', 'busy-doc'))['count']).toBe(120);
    });

    it('refuses a non-numeric attribute, an unknown one, a missing document and a caller without update permission', async () => {
      const { Permission, Role } = context.sdk;
      await writes.upsert('items', 'typed-doc', { title: 'Typed', count: 1 });
      const notNumber = await expectSdkError(context.sdk, () => writes.increment('items', 'typed-doc', 'title'), { code: 400, type: 'attribute_type_invalid' });
      expect(notNumber.message).toBe('databases "title" is not a number');
      await expectSdkError(context.sdk, () => writes.decrement('items', 'typed-doc', 'unknown'), { code: 404, type: 'attribute_not_found' });
      await expectSdkError(context.sdk, () => writes.increment('items', 'never-was', 'count'), { code: 404, type: 'document_not_found' });
      await operatorCreateDocument(context.endpoint, 'tallies', 'read-only-tally', { title: 'Read only', share: 0.5 }, [Permission.read(Role.any())]);
      await expectSdkError(context.sdk, () => writes.increment('tallies', 'read-only-tally', 'share', 0.25), unauthorized);
      expect((await context.databases.getDocument('main', 'tallies', 'read-only-tally'))['share']).toBe(0.5);
    });
  },
  { schemaFile: TALLIES_SCHEMA },
);
