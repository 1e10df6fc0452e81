import { beforeAll, expect, it } from 'vitest';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { operatorCreateDocument } from './support/operator.ts';
import { idsOf } from './support/wire.ts';

const unauthorized = { code: 401, type: 'user_unauthorized' };
const notFound = { code: 404, type: 'document_not_found' };

describeCompat('permissions for a guest', (context) => {
  beforeAll(async () => {
    const { Permission, Role } = context.sdk;
    await operatorCreateDocument(context.endpoint, 'items', 'public-item', { title: 'Public' }, []);
    await operatorCreateDocument(context.endpoint, 'locked', 'locked-doc', { title: 'Locked' }, [Permission.read(Role.any())]);
    await operatorCreateDocument(context.endpoint, 'readonly', 'readonly-doc', { title: 'Read only' }, []);
    await operatorCreateDocument(context.endpoint, 'secure', 'shared', { title: 'Readable by anyone' }, [Permission.read(Role.any())]);
    await operatorCreateDocument(context.endpoint, 'secure', 'private', { title: 'Nobody may read' }, []);
    await operatorCreateDocument(context.endpoint, 'secure', 'someones', { title: 'Only someone may read' }, [Permission.read(Role.user('someone'))]);
  });

  it('may list and get in a collection readable by anyone', async () => {
    const list = await context.databases.listDocuments('main', 'items');
    expect(idsOf(list.documents)).toEqual(['public-item']);
    expect(list.total).toBe(1);
    expect((await context.databases.getDocument('main', 'items', 'public-item')).title).toBe('Public');
  });

  it('may not list a collection without read permission (401) and does not see its documents (404)', async () => {
    await expectSdkError(context.sdk, () => context.databases.listDocuments('main', 'locked'), unauthorized);
    // Even a document that itself grants read("any"): documentSecurity is off, so only the collection counts.
    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'locked', 'locked-doc'), notFound);
  });

  it('may read but not write a read-only collection', async () => {
    const { ID } = context.sdk;
    expect(idsOf((await context.databases.listDocuments('main', 'readonly')).documents)).toEqual(['readonly-doc']);
    await expectSdkError(context.sdk, () => context.databases.createDocument('main', 'readonly', ID.unique(), { title: 'Nope' }), unauthorized);
    await expectSdkError(context.sdk, () => context.databases.updateDocument('main', 'readonly', 'readonly-doc', { title: 'Nope' }), unauthorized);
    await expectSdkError(context.sdk, () => context.databases.deleteDocument('main', 'readonly', 'readonly-doc'), unauthorized);
    expect((await context.databases.getDocument('main', 'readonly', 'readonly-doc')).title).toBe('Read only');
  });

  it('with document security, lists and gets only documents that grant it read', async () => {
    const { Query } = context.sdk;
    const list = await context.databases.listDocuments('main', 'secure', [Query.equal('$id', ['shared', 'private', 'someones'])]);
    expect(idsOf(list.documents)).toEqual(['shared']);
    expect(list.total).toBe(1);
    expect((await context.databases.getDocument('main', 'secure', 'shared')).$permissions).toEqual(['read("any")']);
    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'secure', 'private'), notFound);
    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'secure', 'someones'), notFound);
  });

  it('with document security, may not update a document that grants it only read', async () => {
    await expectSdkError(context.sdk, () => context.databases.updateDocument('main', 'secure', 'shared', { title: 'Changed' }), unauthorized);
    await expectSdkError(context.sdk, () => context.databases.deleteDocument('main', 'secure', 'shared'), unauthorized);
  });

  it('may create with a role it holds, and then read, update and delete through its write grant', async () => {
    const { ID, Permission, Role } = context.sdk;
    const created = await context.databases.createDocument('main', 'secure', ID.unique(), { title: 'Mine' }, [Permission.read(Role.any()), Permission.write(Role.guests())]);
    expect([...created.$permissions].sort()).toEqual(['delete("guests")', 'read("any")', 'update("guests")']);

    expect((await context.databases.getDocument('main', 'secure', created.$id)).title).toBe('Mine');
    expect((await context.databases.updateDocument('main', 'secure', created.$id, { title: 'Still mine' })).title).toBe('Still mine');
    await context.databases.deleteDocument('main', 'secure', created.$id);
    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'secure', created.$id), notFound);
  });

  it('created without read permission, its own document is hidden from it', async () => {
    const { ID } = context.sdk;
    const created = await context.databases.createDocument('main', 'secure', ID.unique(), { title: 'Write only' }, []);
    expect(created.$permissions).toEqual([]);
    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'secure', created.$id), notFound);
  });

  it('may not grant a role it does not hold', async () => {
    const { ID, Permission, Role } = context.sdk;
    const error = await expectSdkError(
      context.sdk,
      () => context.databases.createDocument('main', 'secure', ID.unique(), { title: 'Forged' }, [Permission.read(Role.user('someone'))]),
      unauthorized,
    );
    expect(error.message).toContain('Permissions must be one of');
    await expectSdkError(context.sdk, () => context.databases.updateDocument('main', 'items', 'public-item', undefined, [Permission.update(Role.user('someone'))]), unauthorized);
  });

  it('write expands to update and delete in $permissions', async () => {
    const { ID, Permission, Role } = context.sdk;
    const created = await context.databases.createDocument('main', 'items', ID.unique(), { title: 'Writable' }, [Permission.write(Role.any())]);
    expect([...created.$permissions].sort()).toEqual(['delete("any")', 'update("any")']);
    expect((await context.databases.getDocument('main', 'items', created.$id)).$permissions).toEqual(created.$permissions);
  });
});
