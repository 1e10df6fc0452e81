// Every write kind leaves Appwrite's events in the outbox with its own transaction: the event
// strings, channels, readers' roles and the payload REST answered; a write that fails emits nothing.
import { expect, it } from 'vitest';
import { generateEvents } from '../../../src/events/index.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import type { CommittedEvent } from '../../../src/events/index.ts';
import { call, eventsAfter, useEventWorld, withoutHeaders } from './event-fixture.ts';

/** The most specific of an event's strings (Appwrite lists `users.U.update` before `users.U.update.name`). */
const concrete = (event: CommittedEvent) => event.events.filter((name) => !name.includes('*')).reduce((a, b) => (b.length > a.length ? b : a));

const ITEMS = '/databases/main/collections/items/documents';
const SECURE = '/databases/main/collections/secure/documents';

describeEachEngine('events of writes', (engine) => {
  const world = useEventWorld(engine);

  it('document create, update and delete: all event forms, both channel spellings, the Document model', async () => {
    const w = world();
    const from = w.received.length;
    const created = await call(w, 'POST', ITEMS, { documentId: 'evt-doc', data: { title: 'First' } });
    const updated = await call(w, 'PATCH', `${ITEMS}/evt-doc`, { data: { title: 'Second' } });
    await call(w, 'DELETE', `${ITEMS}/evt-doc`);
    const [create, update, remove, extra] = await eventsAfter(w, from, 3);
    expect(extra).toBeUndefined();
    const params = { databaseId: 'main', collectionId: 'items', tableId: 'items', documentId: 'evt-doc', rowId: 'evt-doc' };
    expect(create!.events).toEqual(generateEvents('databases.[databaseId].collections.[collectionId].documents.[documentId].create', params));
    expect(create!.events).toHaveLength(42);
    expect(update!.events[0]).toBe('databases.main.collections.items.documents.evt-doc.update');
    expect(remove!.events[0]).toBe('databases.main.collections.items.documents.evt-doc.delete');
    expect(create!.channels).toEqual([
      'documents', 'databases.main.collections.items.documents', 'databases.main.collections.items.documents.evt-doc',
      'rows', 'databases.main.tables.items.rows', 'databases.main.tables.items.rows.evt-doc',
      'tablesdb.main.tables.items.rows', 'tablesdb.main.tables.items.rows.evt-doc',
      'documents.create', 'databases.main.collections.items.documents.create', 'databases.main.collections.items.documents.evt-doc.create',
      'rows.create', 'databases.main.tables.items.rows.create', 'databases.main.tables.items.rows.evt-doc.create',
      'tablesdb.main.tables.items.rows.create', 'tablesdb.main.tables.items.rows.evt-doc.create',
    ]);
    expect(create!.roles).toEqual(['any']);
    expect(create!.payload).toEqual(withoutHeaders(created));
    expect(update!.payload).toEqual(withoutHeaders(updated));
    expect(remove!.payload).toEqual(withoutHeaders(updated));
    expect(Date.parse(create!.timestamp)).toBeGreaterThanOrEqual(Date.parse(created.$createdAt));
    expect([create, update, remove].map((event) => event!.position.seq)).toEqual([...[create, update, remove].map((event) => event!.position.seq)].sort((a, b) => a - b));
  });

  it('with document security the readers are the collection\'s plus the document\'s', async () => {
    const w = world();
    const from = w.received.length;
    await call(w, 'POST', SECURE, { documentId: 'evt-secure', data: { title: 'Mine' }, permissions: ['read("user:someone")', 'read("team:editors")'] });
    const [event] = await eventsAfter(w, from, 1);
    expect(event!.roles.sort()).toEqual(['team:editors', 'user:someone']);
  });

  it('a write refused half-way emits nothing: a duplicate id, a failed import batch', async () => {
    const w = world();
    await call(w, 'POST', ITEMS, { documentId: 'evt-once', data: { title: 'Once' } });
    await eventsAfter(w, w.received.length - 1, 1);
    const from = w.received.length;
    await expect(call(w, 'POST', ITEMS, { documentId: 'evt-once', data: { title: 'Twice' } })).rejects.toMatchObject({ status: 409 });
    // The batch creates one document, then fails on an update of a missing one: both roll back.
    await expect(
      w.server.app.services.documents.importBatch({ databaseId: 'main', collectionId: 'items' }, [
        { kind: 'create', id: 'evt-batch-new', data: { title: 'New' } },
        { kind: 'update', id: 'evt-missing', data: { title: 'Gone' } },
      ], { source: 'test.csv' }),
    ).rejects.toMatchObject({ type: 'document_not_found' });
    await call(w, 'POST', ITEMS, { documentId: 'evt-after', data: { title: 'After' } });
    const events = await eventsAfter(w, from, 1);
    expect(events.map((event) => event.events[0])).toEqual(['databases.main.collections.items.documents.evt-after.create']);
  });

  it('an import batch emits one event per created and updated document', async () => {
    const w = world();
    const from = w.received.length;
    await w.server.app.services.documents.importBatch({ databaseId: 'main', collectionId: 'items' }, [
      { kind: 'create', id: 'evt-imported', data: { title: 'Imported' } },
      { kind: 'update', id: 'evt-once', data: { title: 'Updated by import' } },
    ], { source: 'test.csv' });
    const events = await eventsAfter(w, from, 2);
    expect(events.map((event) => event.events[0])).toEqual(['databases.main.collections.items.documents.evt-imported.create', 'databases.main.collections.items.documents.evt-once.update']);
    expect(events[1]!.payload).toMatchObject({ $id: 'evt-once', title: 'Updated by import' });
  });

  it('files: one create when the upload completes, update, delete, with the bucket\'s readers', async () => {
    const w = world();
    const from = w.received.length;
    const form = new FormData();
    form.set('fileId', 'evt-file');
    form.set('file', new Blob(['hello events']), 'hello.txt');
    const created = await call(w, 'POST', '/storage/buckets/docs/files', form);
    const updated = await call(w, 'PUT', '/storage/buckets/docs/files/evt-file', { name: 'renamed.txt' });
    await call(w, 'DELETE', '/storage/buckets/docs/files/evt-file');
    const [create, update, remove, extra] = await eventsAfter(w, from, 3);
    expect(extra).toBeUndefined();
    expect(create!.events.slice(0, 2)).toEqual(['buckets.docs.files.evt-file.create', 'buckets.*.files.*.create']);
    expect(create!.channels).toEqual(['files', 'buckets.docs.files', 'buckets.docs.files.evt-file', 'files.create', 'buckets.docs.files.create', 'buckets.docs.files.evt-file.create']);
    expect(create!.roles).toEqual(['any']);
    expect(create!.payload).toEqual(withoutHeaders(created));
    expect(update!.payload).toEqual(withoutHeaders(updated));
    expect(remove!.events[0]).toBe('buckets.docs.files.evt-file.delete');
    expect(remove!.payload).toMatchObject({ $id: 'evt-file', name: 'renamed.txt' });
  });

  it('teams and memberships: create, rename, preferences, invitation, role change, delete; members receive them', async () => {
    const w = world();
    const from = w.received.length;
    const team = await call(w, 'POST', '/teams', { teamId: 'evt-team', name: 'Night shift' });
    const renamed = await call(w, 'PUT', '/teams/evt-team', { name: 'Day shift' });
    await call(w, 'PUT', '/teams/evt-team/prefs', { prefs: { colour: 'green' } });
    const user = await call(w, 'POST', '/account', { userId: 'evt-member', email: 'evt-member@example.org', password: 'long enough password', name: 'Member' });
    const membership = await call(w, 'POST', '/teams/evt-team/memberships', { userId: user.$id, roles: ['writer'] });
    const changed = await call(w, 'PATCH', `/teams/evt-team/memberships/${membership.$id}`, { roles: ['reader'] });
    await call(w, 'DELETE', `/teams/evt-team/memberships/${membership.$id}`);
    await call(w, 'DELETE', '/teams/evt-team');
    const events = await eventsAfter(w, from, 7);
    expect(events.map(concrete)).toEqual([
      'teams.evt-team.create', 'teams.evt-team.update', 'teams.evt-team.update.prefs',
      `teams.evt-team.memberships.${membership.$id}.create`, `teams.evt-team.memberships.${membership.$id}.update`, `teams.evt-team.memberships.${membership.$id}.delete`,
      'teams.evt-team.delete',
    ]);
    const [create, rename, prefs, invite, change] = events;
    expect(create!.payload).toEqual(withoutHeaders(team));
    expect(create!.channels).toEqual(['teams', 'teams.evt-team', 'teams.create', 'teams.evt-team.create']);
    expect(create!.roles).toEqual(['team:evt-team']);
    expect(rename!.payload).toEqual(withoutHeaders(renamed));
    expect(prefs!.payload).toEqual({ colour: 'green' });
    expect(prefs!.events).toContain('teams.*.update');
    expect(invite!.payload).toEqual(withoutHeaders(membership));
    expect(invite!.channels).toEqual(['memberships', `memberships.${membership.$id}`, 'memberships.create', `memberships.${membership.$id}.create`]);
    expect(change!.payload).toEqual(withoutHeaders(changed));
  });

  it('account: sessions created, extended and deleted, and changes of the user, only for that user', async () => {
    const w = world();
    await call(w, 'POST', '/account', { userId: 'evt-user', email: 'evt-user@example.org', password: 'long enough password', name: 'Ada' });
    const from = w.received.length;
    const session = await call(w, 'POST', '/account/sessions/email', { email: 'evt-user@example.org', password: 'long enough password' });
    const secret = session.secret as string;
    const account = await call(w, 'PATCH', '/account/name', { name: 'Ada L.' }, secret);
    await call(w, 'PATCH', '/account/prefs', { prefs: { theme: 'dark' } }, secret);
    await call(w, 'PATCH', '/account/sessions/current', undefined, secret);
    await call(w, 'DELETE', '/account/sessions/current', undefined, secret);
    const events = await eventsAfter(w, from, 5);
    expect(events.map(concrete)).toEqual([
      `users.evt-user.sessions.${session.$id}.create`, 'users.evt-user.update.name', 'users.evt-user.update.prefs',
      `users.evt-user.sessions.${session.$id}.update`, `users.evt-user.sessions.${session.$id}.delete`,
    ]);
    const [created, named] = events;
    expect(created!.channels).toEqual(['account', 'account.evt-user']);
    expect(created!.roles).toEqual(['user:evt-user']);
    expect(created!.payload).toMatchObject({ $id: session.$id, userId: 'evt-user', secret: '', current: true });
    expect(named!.channels).toEqual(['account', 'account.evt-user', 'account.update', 'account.evt-user.update']);
    expect(named!.payload).toEqual(withoutHeaders(account));
    expect(named!.events).toEqual(expect.arrayContaining(['users.*.update.name', 'users.evt-user.update', 'users.*']));
  });
});
