// The server SDK surface through the official node-appwrite 27 with API keys: Users (list, get,
// create, status, labels, verification, name, sessions, memberships, delete), schema reads from
// appwrite.json (databases, collections with attributes and indexes, TablesDB, buckets), the
// refused schema changes, an e-mail to a topic, and key scopes. Behaviour follows Appwrite's
// Users module and Databases/Storage HTTP modules (decision 026).
import { AppwriteException, ID, Permission, Query, Role } from 'node-appwrite';
import { afterAll, expect, it } from 'vitest';
import { outboxDir } from '../../src/mail/index.ts';
import { readOutbox } from '../support/outbox.ts';
import { siteSchemaCopy } from '../support/site-schema-copy.ts';
import { TEST_API_KEY, TEST_PROJECT } from '../support/test-server.ts';
import { sessionCookieOf } from './support/accounts.ts';
import { describeServerSdk, type ServerSdkContext } from './support/server-sdk-suite.ts';

const LIMITED_KEY = 'limited-key-secret-0123456789abcdef0123456789';
const USERS_KEY = 'users-key-secret-0123456789abcdef0123456789ab';

const site = siteSchemaCopy((schema) => {
  // Functions are not under test here; without them each server starts faster.
  schema['functions'] = [];
  // Notes only a label may read: documents carry their own permissions.
  schema['collections'].push({
    $id: 'vip_notes', databaseId: 'main', name: 'VIP notes', documentSecurity: true, $permissions: [],
    attributes: [{ key: 'text', type: 'string', size: 200, required: true }], indexes: [],
  });
});
afterAll(() => site.remove());

async function expectAppwriteError(call: () => Promise<unknown>, expected: { code: number; type: string }): Promise<AppwriteException> {
  try {
    const outcome = await call();
    throw new Error(`expected ${expected.code} ${expected.type}, got ${JSON.stringify(outcome)}`);
  } catch (error) {
    if (!(error instanceof AppwriteException)) throw error;
    expect({ code: error.code, type: error.type }).toEqual(expected);
    return error;
  }
}

let sequence = 0;
function freshEmail(label: string): string {
  return `${label}-${++sequence}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

const PASSWORD = 'server-sdk-password-1';

/** Signs the user in through the account API and returns the session secret. */
async function signIn(context: ServerSdkContext, email: string): Promise<string> {
  const response = await fetch(`${context.endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return sessionCookieOf(response)!;
}

describeServerSdk(
  'server SDK',
  (context) => {
    it('users.create hashes with argon2, renders the User model without the hash, and makes the e-mail target', async () => {
      const email = freshEmail('create');
      const user = await context.sdk.users.create({ userId: ID.unique(), email, password: PASSWORD, name: 'Ada' });
      expect(user).toMatchObject({ name: 'Ada', email, status: true, labels: [], emailVerification: false, phoneVerification: false, hash: 'argon2' });
      expect(user).not.toHaveProperty('password');
      expect(user.hashOptions).toMatchObject({ type: 'argon2' });
      expect(user.targets.map((target) => [target.providerType, target.identifier])).toEqual([['email', email]]);
      expect(await context.sdk.users.get({ userId: user.$id })).toEqual(user);
      await expectAppwriteError(() => context.sdk.users.create({ userId: ID.unique(), email, password: PASSWORD }), { code: 409, type: 'user_already_exists' });
      await expectAppwriteError(() => context.sdk.users.get({ userId: 'nobody-here' }), { code: 404, type: 'user_not_found' });
      // Appwrite's email and phone params are nullable: null means none.
      const bare = await fetch(`${context.endpoint}/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY },
        body: JSON.stringify({ userId: 'unique()', email: null, phone: null, name: 'No address' }),
      });
      expect(bare.status).toBe(201);
      expect(await bare.json()).toMatchObject({ email: '', phone: '', targets: [], passwordUpdate: '' });
    });

    it('users.list filters, searches, sorts and pages with cursors', async () => {
      const tag = `lst${Math.random().toString(36).slice(2, 7)}`;
      const made = [];
      for (const name of ['Cleo', 'Abe', 'Bea']) made.push(await context.sdk.users.create({ userId: ID.unique(), email: freshEmail(tag), name: `${name} ${tag}` }));
      const searched = await context.sdk.users.list({ search: tag, queries: [Query.orderAsc('name')] });
      expect(searched.total).toBe(3);
      expect(searched.users.map((user) => user.name)).toEqual([`Abe ${tag}`, `Bea ${tag}`, `Cleo ${tag}`]);
      const byEmail = await context.sdk.users.list({ queries: [Query.equal('email', [made[1]!.email])] });
      expect(byEmail.users.map((user) => user.$id)).toEqual([made[1]!.$id]);
      const page = await context.sdk.users.list({ search: tag, queries: [Query.orderAsc('name'), Query.cursorAfter(searched.users[0]!.$id), Query.limit(1)] });
      expect(page.users.map((user) => user.name)).toEqual([`Bea ${tag}`]);
      const before = await context.sdk.users.list({ search: tag, queries: [Query.orderAsc('name'), Query.cursorBefore(searched.users[2]!.$id), Query.limit(1)] });
      expect(before.users.map((user) => user.name)).toEqual([`Bea ${tag}`]);
      expect((await context.sdk.users.list({ search: tag, total: false })).total).toBe(0);
      await expectAppwriteError(() => context.sdk.users.list({ queries: [Query.equal('password', ['x'])] }), { code: 400, type: 'general_argument_invalid' });
    });

    it('updateName, updateEmailVerification and updatePhoneVerification change the user', async () => {
      const user = await context.sdk.users.create({ userId: ID.unique(), email: freshEmail('verify'), phone: `+2332${String(Date.now()).slice(-8)}` });
      expect(user.targets.map((target) => target.providerType).sort()).toEqual(['email', 'sms']);
      expect((await context.sdk.users.updateName({ userId: user.$id, name: 'Renamed' })).name).toBe('Renamed');
      expect((await context.sdk.users.updateEmailVerification({ userId: user.$id, emailVerification: true })).emailVerification).toBe(true);
      expect((await context.sdk.users.updatePhoneVerification({ userId: user.$id, phoneVerification: true })).phoneVerification).toBe(true);
      const verified = await context.sdk.users.list({ queries: [Query.equal('emailVerification', [true]), Query.equal('$id', [user.$id])] });
      expect(verified.total).toBe(1);
    });

    it('listSessions, deleteSession and deleteSessions; blocking ends sessions and unblocking lets the user sign in again', async () => {
      const email = freshEmail('sessions');
      const user = await context.sdk.users.create({ userId: ID.unique(), email, password: PASSWORD });
      const first = await signIn(context, email);
      await signIn(context, email);
      const listed = await context.sdk.users.listSessions({ userId: user.$id });
      expect(listed.total).toBe(2);
      expect(listed.sessions.every((session) => session.userId === user.$id && session.current === false && session.secret === '')).toBe(true);
      await context.sdk.users.deleteSession({ userId: user.$id, sessionId: listed.sessions[0]!.$id });
      expect((await context.sdk.users.listSessions({ userId: user.$id })).total).toBe(1);
      await expectAppwriteError(() => context.sdk.users.deleteSession({ userId: user.$id, sessionId: listed.sessions[0]!.$id }), { code: 404, type: 'user_session_not_found' });
      await context.sdk.users.deleteSessions({ userId: user.$id });
      expect((await context.sdk.users.listSessions({ userId: user.$id })).total).toBe(0);

      const session = await signIn(context, email);
      expect(session).not.toBe(first);
      const blocked = await context.sdk.users.updateStatus({ userId: user.$id, status: false });
      expect(blocked.status).toBe(false);
      expect((await context.sdk.users.listSessions({ userId: user.$id })).total).toBe(0);
      const sessionCheck = await fetch(`${context.endpoint}/account`, { headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-session': session } });
      expect(sessionCheck.status).toBe(401);
      expect((await context.sdk.users.list({ queries: [Query.equal('status', [false]), Query.equal('$id', [user.$id])] })).total).toBe(1);
      expect((await context.sdk.users.updateStatus({ userId: user.$id, status: true })).status).toBe(true);
      await signIn(context, email);
    });

    it('labels become `label:x` roles: a document readable by label:vip opens once the user has the label', async () => {
      const email = freshEmail('labels');
      const user = await context.sdk.users.create({ userId: ID.unique(), email, password: PASSWORD });
      const note = await context.sdk.databases.createDocument({ databaseId: 'main', collectionId: 'vip_notes', documentId: ID.unique(), data: { text: 'for VIPs' }, permissions: [Permission.read(Role.label('vip'))] });
      const member = context.connect({ session: await signIn(context, email) });
      await expectAppwriteError(() => member.databases.getDocument({ databaseId: 'main', collectionId: 'vip_notes', documentId: note.$id }), { code: 404, type: 'document_not_found' });
      const labelled = await context.sdk.users.updateLabels({ userId: user.$id, labels: ['vip', 'press', 'vip'] });
      expect(labelled.labels).toEqual(['vip', 'press']);
      expect((await member.databases.getDocument({ databaseId: 'main', collectionId: 'vip_notes', documentId: note.$id })).text).toBe('for VIPs');
      expect((await context.sdk.users.list({ queries: [Query.contains('labels', ['press']), Query.equal('$id', [user.$id])] })).total).toBe(1);
      await expectAppwriteError(() => context.sdk.users.updateLabels({ userId: user.$id, labels: ['not allowed!'] }), { code: 400, type: 'general_argument_invalid' });
      expect((await context.sdk.users.get({ userId: user.$id })).labels).toEqual(['vip', 'press']);
    });

    it('listMemberships shows the team, and delete removes the user with their memberships', async () => {
      const user = await context.sdk.users.create({ userId: ID.unique(), email: freshEmail('member'), password: PASSWORD });
      const membership = await context.sdk.teams.createMembership({ teamId: 'editors', roles: ['editor'], userId: user.$id });
      const memberships = await context.sdk.users.listMemberships({ userId: user.$id });
      expect(memberships.total).toBe(1);
      expect(memberships.memberships[0]).toMatchObject({ $id: membership.$id, teamId: 'editors', teamName: 'Editors', userId: user.$id, roles: ['editor'] });
      await context.sdk.users.delete({ userId: user.$id });
      await expectAppwriteError(() => context.sdk.users.get({ userId: user.$id }), { code: 404, type: 'user_not_found' });
      await expectAppwriteError(() => context.sdk.teams.getMembership({ teamId: 'editors', membershipId: membership.$id }), { code: 404, type: 'membership_not_found' });
      await expectAppwriteError(() => context.sdk.users.listMemberships({ userId: user.$id }), { code: 404, type: 'user_not_found' });
    });

    it('schema reads return the applied appwrite.json: databases, collections with attributes and indexes, TablesDB, buckets', async () => {
      const declared = site.schema;
      const databases = await context.sdk.databases.list();
      expect(databases.databases.map((database) => database.$id)).toEqual(declared['databases'].map((database: { $id: string }) => database.$id));
      expect(await context.sdk.databases.get({ databaseId: 'main' })).toMatchObject({ $id: 'main', name: 'Main', enabled: true });
      const collections = await context.sdk.databases.listCollections({ databaseId: 'main' });
      expect(collections.total).toBe(declared['collections'].length);
      expect(collections.collections.map((collection) => collection.$id)).toEqual(declared['collections'].map((collection: { $id: string }) => collection.$id));
      for (const definition of declared['collections'] as { $id: string; name: string; attributes: { key: string; type: string }[]; indexes: { key: string }[] }[]) {
        const collection = await context.sdk.databases.getCollection({ databaseId: 'main', collectionId: definition.$id });
        expect(collection.name).toBe(definition.name);
        expect(collection.attributes.map((attribute) => (attribute as { key: string }).key)).toEqual(definition.attributes.map((attribute) => attribute.key));
        expect(collection.attributes.every((attribute) => (attribute as { status: string }).status === 'available')).toBe(true);
        expect(collection.indexes.map((index) => index.key)).toEqual(definition.indexes.map((index) => index.key));
      }
      const vip = await context.sdk.databases.getAttribute({ databaseId: 'main', collectionId: 'vip_notes', key: 'text' });
      expect(vip).toMatchObject({ key: 'text', type: 'string', size: 200, required: true, array: false, status: 'available' });
      const attributes = await context.sdk.databases.listAttributes({ databaseId: 'main', collectionId: 'candidates', queries: [Query.equal('required', [true])] });
      expect(attributes.attributes.every((attribute) => (attribute as { required: boolean }).required)).toBe(true);
      const firstIndex = declared['collections'].find((collection: { $id: string }) => collection.$id === 'candidates').indexes[0];
      expect(await context.sdk.databases.getIndex({ databaseId: 'main', collectionId: 'candidates', key: firstIndex.key })).toMatchObject({ key: firstIndex.key, type: firstIndex.type, attributes: firstIndex.attributes, status: 'available' });
      await expectAppwriteError(() => context.sdk.databases.getCollection({ databaseId: 'main', collectionId: 'no_such' }), { code: 404, type: 'collection_not_found' });
      await expectAppwriteError(() => context.sdk.databases.getAttribute({ databaseId: 'main', collectionId: 'candidates', key: 'no_such' }), { code: 404, type: 'attribute_not_found' });

      const tables = await context.sdk.tablesDB.listTables({ databaseId: 'main' });
      expect(tables.tables.map((table) => table.$id)).toEqual(collections.collections.map((collection) => collection.$id));
      const table = await context.sdk.tablesDB.getTable({ databaseId: 'main', tableId: 'vip_notes' });
      expect(table).toMatchObject({ $id: 'vip_notes', rowSecurity: true });
      expect(table.columns.map((column) => (column as { key: string }).key)).toEqual(['text']);
      expect((await context.sdk.tablesDB.listColumns({ databaseId: 'main', tableId: 'candidates' })).total).toBe(declared['collections'].find((collection: { $id: string }) => collection.$id === 'candidates').attributes.length);
      expect(await context.sdk.tablesDB.getColumn({ databaseId: 'main', tableId: 'vip_notes', key: 'text' })).toMatchObject({ key: 'text', type: 'string' });
      expect(await context.sdk.tablesDB.getIndex({ databaseId: 'main', tableId: 'candidates', key: firstIndex.key })).toMatchObject({ key: firstIndex.key, columns: firstIndex.attributes });
      await expectAppwriteError(() => context.sdk.tablesDB.getTable({ databaseId: 'main', tableId: 'no_such' }), { code: 404, type: 'table_not_found' });

      const buckets = await context.sdk.storage.listBuckets();
      expect(buckets.buckets.map((bucket) => bucket.$id)).toEqual(declared['buckets'].map((bucket: { $id: string }) => bucket.$id));
      expect(await context.sdk.storage.getBucket({ bucketId: 'media' })).toMatchObject({ $id: 'media', name: 'Media', allowedFileExtensions: declared['buckets'][0].allowedFileExtensions });
    });

    it('schema-changing calls answer 405 general_not_implemented and change nothing', async () => {
      const before = await context.sdk.databases.listCollections({ databaseId: 'main' });
      const refused = { code: 405, type: 'general_not_implemented' };
      const error = await expectAppwriteError(() => context.sdk.databases.createCollection({ databaseId: 'main', collectionId: 'added', name: 'Added' }), refused);
      expect(error.message).toContain('appwrite.json');
      await expectAppwriteError(() => context.sdk.databases.createStringAttribute({ databaseId: 'main', collectionId: 'candidates', key: 'extra', size: 10, required: false }), refused);
      await expectAppwriteError(() => context.sdk.databases.deleteCollection({ databaseId: 'main', collectionId: 'candidates' }), refused);
      await expectAppwriteError(() => context.sdk.tablesDB.createTable({ databaseId: 'main', tableId: 'added', name: 'Added' }), refused);
      await expectAppwriteError(() => context.sdk.storage.createBucket({ bucketId: 'added', name: 'Added' }), refused);
      expect(await context.sdk.databases.listCollections({ databaseId: 'main' })).toEqual(before);
      await expectAppwriteError(() => context.sdk.databases.getCollection({ databaseId: 'main', collectionId: 'added' }), { code: 404, type: 'collection_not_found' });
      expect((await context.sdk.databases.listAttributes({ databaseId: 'main', collectionId: 'candidates', queries: [Query.equal('key', ['extra'])] })).total).toBe(0);
    });

    it('messaging.createEmail to a topic reaches its subscriber', async () => {
      const email = freshEmail('topic');
      const user = await context.sdk.users.create({ userId: ID.unique(), email, password: PASSWORD });
      const subscriber = context.connect({ session: await signIn(context, email) });
      await subscriber.messaging.createSubscriber({ topicId: 'updates', subscriberId: ID.unique(), targetId: user.targets[0]!.$id });
      const subject = `Directory news ${sequence}`;
      const message = await context.sdk.messaging.createEmail({ messageId: ID.unique(), subject, content: 'New candidates are listed.', topics: ['updates'] });
      expect(message.topics).toEqual(['updates']);
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = (await readOutbox(outboxDir(context.server.config.dataDir))).find((entry) => entry.to.includes(email) && entry.subject === subject);
        if (mail) break;
        if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });

    it('key scopes: a key without users.read gets 401 general_unauthorized_scope; its own scopes answer', async () => {
      const limited = context.connect({ key: LIMITED_KEY });
      const error = await expectAppwriteError(() => limited.users.list(), { code: 401, type: 'general_unauthorized_scope' });
      expect(error.message).toContain('missing scope (users.read)');
      expect((await limited.databases.list()).total).toBeGreaterThan(0);
      await expectAppwriteError(() => limited.databases.listCollections({ databaseId: 'main' }), { code: 401, type: 'general_unauthorized_scope' });
      await expectAppwriteError(() => limited.storage.listBuckets(), { code: 401, type: 'general_unauthorized_scope' });
      const usersOnly = context.connect({ key: USERS_KEY });
      expect((await usersOnly.users.list({ queries: [Query.limit(1)] })).users).toHaveLength(1);
      await expectAppwriteError(() => usersOnly.users.create({ userId: ID.unique(), email: freshEmail('readonly') }), { code: 401, type: 'general_unauthorized_scope' });
    });
  },
  { schemaFile: site.file, env: { API_KEYS: `limited:databases.read:${LIMITED_KEY}; usersonly:users.read:${USERS_KEY}` } },
);
