import { expect, it } from 'vitest';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { APPWRITE_DATE, idsOf } from './support/wire.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeCompat('document CRUD', (context) => {
  it('runs the SDK version it claims to be, in plain Node (global fetch, no window)', () => {
    expect(context.guest.sdkVersion).toBe(context.sdk.version);
    expect(typeof globalThis.fetch).toBe('function');
    expect('window' in globalThis).toBe(false);
  });

  it('creates a document with ID.unique() and returns every system field and attribute', async () => {
    const { ID } = context.sdk;
    const created = await context.databases.createDocument('main', 'items', ID.unique(), {
      title: 'Ballot box',
      count: 3,
      price: 2.5,
      tags: ['paper', 'secret'],
      published: '2024-05-01T10:20:30.123Z',
    });

    expect(created.$id).toMatch(/^[0-9a-f]{20}$/);
    expect(created.$collectionId).toBe('items');
    expect(created.$databaseId).toBe('main');
    expect(created.$createdAt).toMatch(APPWRITE_DATE);
    expect(created.$updatedAt).toBe(created.$createdAt);
    expect(created.$permissions).toEqual([]);
    expect(created).toMatchObject({
      title: 'Ballot box',
      count: 3,
      price: 2.5,
      tags: ['paper', 'secret'],
      published: '2024-05-01T10:20:30.123+00:00',
      active: false,
      body: null,
      scores: [],
    });
    expect(await context.databases.getDocument('main', 'items', created.$id)).toEqual(created);
  });

  it('creates a document with a custom id that get and list then return unchanged', async () => {
    const { ID } = context.sdk;
    const created = await context.databases.createDocument('main', 'items', ID.custom('custom.doc-1'), { title: 'Custom', kind: 'beta' });
    expect(created.$id).toBe('custom.doc-1');

    expect(await context.databases.getDocument('main', 'items', 'custom.doc-1')).toEqual(created);
    const list = await context.databases.listDocuments('main', 'items', [context.sdk.Query.equal('$id', 'custom.doc-1')]);
    expect(list.total).toBe(1);
    expect(list.documents).toEqual([created]);
  });

  it('updates data: the new values and a later $updatedAt come back, $createdAt and the rest stay', async () => {
    const { ID } = context.sdk;
    const created = await context.databases.createDocument('main', 'items', ID.unique(), { title: 'Before', count: 1, body: 'kept' });
    await pause(5);
    const updated = await context.databases.updateDocument('main', 'items', created.$id, { title: 'After', count: 2 });

    expect(updated).toMatchObject({ $id: created.$id, title: 'After', count: 2, body: 'kept' });
    expect(updated.$createdAt).toBe(created.$createdAt);
    expect(updated.$updatedAt).toMatch(APPWRITE_DATE);
    expect(Date.parse(updated.$updatedAt)).toBeGreaterThan(Date.parse(created.$updatedAt));
    expect(await context.databases.getDocument('main', 'items', created.$id)).toEqual(updated);
  });

  it('updates only the permissions and leaves the data alone', async () => {
    const { ID, Permission, Role } = context.sdk;
    const created = await context.databases.createDocument('main', 'items', ID.unique(), { title: 'Permissions only', count: 7 });
    const updated = await context.databases.updateDocument('main', 'items', created.$id, undefined, [Permission.read(Role.any())]);

    expect(updated.$permissions).toEqual(['read("any")']);
    expect(updated).toMatchObject({ title: 'Permissions only', count: 7 });
    expect((await context.databases.getDocument('main', 'items', created.$id)).$permissions).toEqual(['read("any")']);
  });

  it('clears the permissions when updated with an empty list', async () => {
    const { ID, Permission, Role } = context.sdk;
    const created = await context.databases.createDocument('main', 'items', ID.unique(), { title: 'Open' }, [Permission.read(Role.any())]);
    const updated = await context.databases.updateDocument('main', 'items', created.$id, undefined, []);
    expect(updated.$permissions).toEqual([]);
    expect(updated.title).toBe('Open');
  });

  it('returns datetimes in UTC with milliseconds whatever offset was sent', async () => {
    const { ID } = context.sdk;
    const created = await context.databases.createDocument('main', 'items', ID.unique(), { title: 'Offset', published: '2024-05-01T12:20:30+02:00' });
    expect(created['published']).toBe('2024-05-01T10:20:30.000+00:00');
    expect((await context.databases.getDocument('main', 'items', created.$id))['published']).toBe('2024-05-01T10:20:30.000+00:00');
  });

  it('measures string size in characters, so 64 emoji fit a 64-character title', async () => {
    const { ID } = context.sdk;
    const title = '😀'.repeat(64);
    const created = await context.databases.createDocument('main', 'items', ID.unique(), { title });
    expect((await context.databases.getDocument('main', 'items', created.$id))['title']).toBe(title);
  });

  it('keeps full-text search in step with updates and deletes', async () => {
    const { ID, Query } = context.sdk;
    const searchIds = async (word: string) => idsOf((await context.databases.listDocuments('main', 'items', [Query.search('title', word)])).documents);
    const created = await context.databases.createDocument('main', 'items', ID.unique(), { title: 'Zebra crossing' });
    expect(await searchIds('zebra')).toEqual([created.$id]);

    await context.databases.updateDocument('main', 'items', created.$id, { title: 'Pelican crossing' });
    expect(await searchIds('zebra')).toEqual([]);
    expect(await searchIds('pelican')).toEqual([created.$id]);

    await context.databases.deleteDocument('main', 'items', created.$id);
    expect(await searchIds('pelican')).toEqual([]);
  });

  it('deletes a document: it is gone from get and list', async () => {
    const { ID, Query } = context.sdk;
    const created = await context.databases.createDocument('main', 'items', ID.unique(), { title: 'Short lived' });
    await context.databases.deleteDocument('main', 'items', created.$id);

    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'items', created.$id), { code: 404, type: 'document_not_found' });
    const list = await context.databases.listDocuments('main', 'items', [Query.equal('$id', created.$id)]);
    expect(list.total).toBe(0);
    expect(idsOf(list.documents)).toEqual([]);
  });

  it('refuses an update and a delete of a document that does not exist', async () => {
    await expectSdkError(context.sdk, () => context.databases.updateDocument('main', 'items', 'never-was', { title: 'x' }), { code: 404, type: 'document_not_found' });
    await expectSdkError(context.sdk, () => context.databases.deleteDocument('main', 'items', 'never-was'), { code: 404, type: 'document_not_found' });
  });
});
