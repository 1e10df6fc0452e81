import { Client, Databases, TablesDB, type Models } from 'appwrite28';
import { beforeAll, expect, it } from 'vitest';
import { now } from '../../src/core/dates.ts';
import { sweepExpiredTransactions } from '../../src/services/transactions/transaction-sweep.ts';
import { TEST_API_KEY, TEST_PROJECT } from '../support/test-server.ts';
import { signUpAndIn } from './support/accounts.ts';
import { describeCompat, type CompatContext } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';

type Row = Models.DefaultRow;

const transactionNotFound = { code: 404, type: 'transaction_not_found' };
const rowNotFound = { code: 404, type: 'row_not_found' };

function client(context: CompatContext, session: string): Client {
  return new Client().setEndpoint(context.endpoint).setProject(TEST_PROJECT).setSession(session);
}

/**
 * The committed event names that name `id`, as realtime and function triggers see them. PostgreSQL
 * holds back events while older transactions (of any test on the server) may still commit, so
 * this waits up to 5 s for at least `atLeast` of them.
 */
async function eventsAbout(context: CompatContext, id: string, atLeast = 0): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const page = await context.server.app.services.events.store.readAfter({ txid: 0, seq: 0 }, 10_000);
    const names = page.events.flatMap((event) => event.events).filter((name) => name.startsWith('databases.main.collections.items.documents.') && name.includes(`.${id}.`));
    if (names.length >= atLeast || Date.now() > deadline) return names;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeCompat(
  'database transactions',
  (context) => {
    let tables: TablesDB;
    let databases: Databases;
    let other: TablesDB;

    beforeAll(async () => {
      const owner = await signUpAndIn(context, 'txn-owner');
      tables = new TablesDB(client(context, owner.token));
      databases = new Databases(client(context, owner.token));
      other = new TablesDB(client(context, (await signUpAndIn(context, 'txn-other')).token));
    });

    const items = { databaseId: 'main', tableId: 'items' };

    it('stages a create, an update and a delete, shows none of them before the commit, and all of them after', async () => {
      const { ID } = context.sdk;
      const kept = await tables.createRow<Row>({ ...items, rowId: ID.unique(), data: { title: 'Before', count: 1 } });
      const doomed = await tables.createRow<Row>({ ...items, rowId: ID.unique(), data: { title: 'Doomed' } });
      const transaction = await tables.createTransaction();
      expect(transaction).toMatchObject({ status: 'pending', operations: 0 });
      const ttl = (Date.parse(transaction.expiresAt) - Date.parse(transaction.$createdAt)) / 1000;
      expect(ttl).toBe(300);

      const staged = await tables.createRow<Row>({ ...items, rowId: 'txn-new', data: { title: 'New' }, transactionId: transaction.$id });
      expect(staged).toMatchObject({ $id: 'txn-new', $tableId: 'items', $databaseId: 'main', title: 'New', $createdAt: '' });
      const updated = await tables.updateRow<Row>({ ...items, rowId: kept.$id, data: { title: 'After' }, transactionId: transaction.$id });
      expect(updated).toMatchObject({ $id: kept.$id, title: 'After', count: 1 });
      await tables.deleteRow({ ...items, rowId: doomed.$id, transactionId: transaction.$id });

      expect(await tables.getTransaction({ transactionId: transaction.$id })).toMatchObject({ status: 'pending', operations: 3 });
      await expectSdkError(context.sdk, () => tables.getRow({ ...items, rowId: 'txn-new' }), rowNotFound);
      expect((await tables.getRow<Row>({ ...items, rowId: kept.$id }))['title']).toBe('Before');
      expect((await tables.getRow<Row>({ ...items, rowId: doomed.$id }))['title']).toBe('Doomed');
      expect(await eventsAbout(context, 'txn-new')).toEqual([]);
      expect(await eventsAbout(context, doomed.$id)).not.toContainEqual(expect.stringMatching(/\.delete$/));

      const committed = await tables.updateTransaction({ transactionId: transaction.$id, commit: true });
      expect(committed).toMatchObject({ $id: transaction.$id, status: 'committed', operations: 3 });
      expect(await tables.getRow<Row>({ ...items, rowId: 'txn-new' })).toMatchObject({ title: 'New', $permissions: expect.arrayContaining([expect.stringMatching(/^read\("user:/)]) });
      expect((await tables.getRow<Row>({ ...items, rowId: kept.$id }))['title']).toBe('After');
      await expectSdkError(context.sdk, () => tables.getRow({ ...items, rowId: doomed.$id }), rowNotFound);
      expect(await eventsAbout(context, 'txn-new', 1)).toContain('databases.main.collections.items.documents.txn-new.create');
      expect(await eventsAbout(context, kept.$id, 2)).toContain(`databases.main.collections.items.documents.${kept.$id}.update`);
      expect(await eventsAbout(context, doomed.$id, 2)).toContain(`databases.main.collections.items.documents.${doomed.$id}.delete`);

      await expectSdkError(context.sdk, () => tables.updateTransaction({ transactionId: transaction.$id, commit: true }), { code: 400, type: 'transaction_not_ready' });
    });

    it('lets a later write in the same transaction build on an earlier staged one', async () => {
      const transaction = await tables.createTransaction();
      await tables.createRow<Row>({ ...items, rowId: 'txn-chain', data: { title: 'Draft', count: 1 }, transactionId: transaction.$id });
      const updated = await tables.updateRow<Row>({ ...items, rowId: 'txn-chain', data: { count: 2 }, transactionId: transaction.$id });
      expect(updated).toMatchObject({ title: 'Draft', count: 2 });
      await tables.updateTransaction({ transactionId: transaction.$id, commit: true });
      expect(await tables.getRow<Row>({ ...items, rowId: 'txn-chain' })).toMatchObject({ title: 'Draft', count: 2 });
    });

    it('stages upserts and increments, and refuses at commit an increment that would pass its bound', async () => {
      const { ID } = context.sdk;
      const tally = await tables.createRow<Row>({ ...items, rowId: ID.unique(), data: { title: 'Tally', count: 5 } });
      const transaction = await tables.createTransaction();
      const transactionId = transaction.$id;
      expect(await tables.incrementRowColumn<Row>({ ...items, rowId: tally.$id, column: 'count', value: 2, transactionId })).toMatchObject({ count: 7 });
      await tables.createOperations({ transactionId, operations: [{ action: 'decrement', databaseId: 'main', tableId: 'items', rowId: tally.$id, data: { column: 'count', value: 1 } }] });
      expect(await tables.upsertRow<Row>({ ...items, rowId: 'txn-upserted', data: { title: 'Upserted' }, transactionId })).toMatchObject({ $id: 'txn-upserted', title: 'Upserted' });
      expect((await tables.getRow<Row>({ ...items, rowId: tally.$id }))['count']).toBe(5);
      await expectSdkError(context.sdk, () => tables.getRow({ ...items, rowId: 'txn-upserted' }), rowNotFound);

      await tables.updateTransaction({ transactionId, commit: true });
      expect((await tables.getRow<Row>({ ...items, rowId: tally.$id }))['count']).toBe(6);
      expect((await tables.getRow<Row>({ ...items, rowId: 'txn-upserted' }))['title']).toBe('Upserted');

      const bounded = await tables.createTransaction();
      await tables.updateRow<Row>({ ...items, rowId: tally.$id, data: { title: 'Renamed' }, transactionId: bounded.$id });
      await tables.incrementRowColumn<Row>({ ...items, rowId: tally.$id, column: 'count', value: 10, max: 8, transactionId: bounded.$id });
      await expectSdkError(context.sdk, () => tables.updateTransaction({ transactionId: bounded.$id, commit: true }), { code: 400, type: 'attribute_limit_exceeded' });
      expect(await tables.getRow<Row>({ ...items, rowId: tally.$id })).toMatchObject({ title: 'Tally', count: 6 });
    });

    it('discards everything on rollback; the transaction is then failed and cannot be committed', async () => {
      const transaction = await tables.createTransaction();
      await tables.createRow<Row>({ ...items, rowId: 'txn-rolled', data: { title: 'Never' }, transactionId: transaction.$id });
      const rolledBack = await tables.updateTransaction({ transactionId: transaction.$id, rollback: true });
      expect(rolledBack).toMatchObject({ status: 'failed' });
      await expectSdkError(context.sdk, () => tables.getRow({ ...items, rowId: 'txn-rolled' }), rowNotFound);
      await expectSdkError(context.sdk, () => tables.updateTransaction({ transactionId: transaction.$id, commit: true }), { code: 400, type: 'transaction_not_ready' });
      await expectSdkError(context.sdk, () => tables.updateTransaction({ transactionId: transaction.$id }), { code: 400, type: 'general_bad_request' });
    });

    it('applies a transaction once when two commits of it race', async () => {
      const transaction = await tables.createTransaction();
      await tables.createRow<Row>({ ...items, rowId: 'txn-raced', data: { title: 'Once' }, transactionId: transaction.$id });
      const outcomes = await Promise.allSettled([1, 2].map(() => tables.updateTransaction({ transactionId: transaction.$id, commit: true })));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 400, type: 'transaction_not_ready' });
      expect(await eventsAbout(context, 'txn-raced', 1)).toEqual(['databases.main.collections.items.documents.txn-raced.create']);
    });

    it('fails a commit with transaction_conflict when a staged document changed meanwhile, and applies none of its writes', async () => {
      const { ID } = context.sdk;
      const shared = await tables.createRow<Row>({ ...items, rowId: ID.unique(), data: { title: 'Shared', count: 100 } });
      const transaction = await tables.createTransaction();
      await tables.createRow<Row>({ ...items, rowId: 'txn-conflict-new', data: { title: 'Side effect' }, transactionId: transaction.$id });
      await tables.updateRow<Row>({ ...items, rowId: shared.$id, data: { count: 200 }, transactionId: transaction.$id });
      await tables.updateRow<Row>({ ...items, rowId: shared.$id, data: { count: 300 } });

      await expectSdkError(context.sdk, () => tables.updateTransaction({ transactionId: transaction.$id, commit: true }), { code: 409, type: 'transaction_conflict' });
      expect((await tables.getRow<Row>({ ...items, rowId: shared.$id }))['count']).toBe(300);
      await expectSdkError(context.sdk, () => tables.getRow({ ...items, rowId: 'txn-conflict-new' }), rowNotFound);
      expect(await eventsAbout(context, 'txn-conflict-new')).toEqual([]);
      expect(await tables.getTransaction({ transactionId: transaction.$id })).toMatchObject({ status: 'failed' });
    });

    it('fails a commit with document_not_found when a staged document was deleted meanwhile', async () => {
      const { ID } = context.sdk;
      const target = await tables.createRow<Row>({ ...items, rowId: ID.unique(), data: { title: 'Target' } });
      const transaction = await tables.createTransaction();
      await tables.updateRow<Row>({ ...items, rowId: target.$id, data: { title: 'Changed' }, transactionId: transaction.$id });
      await tables.deleteRow({ ...items, rowId: target.$id });
      // Appwrite names the document whichever API the commit came through.
      await expectSdkError(context.sdk, () => tables.updateTransaction({ transactionId: transaction.$id, commit: true }), { code: 404, type: 'document_not_found' });
      expect(await tables.getTransaction({ transactionId: transaction.$id })).toMatchObject({ status: 'failed' });
    });

    it('refuses an expired transaction, and the sweep removes it', async () => {
      const transaction = await tables.createTransaction({ ttl: 60 });
      expect(Date.parse(transaction.expiresAt) - Date.parse(transaction.$createdAt)).toBe(60_000);
      await tables.createRow<Row>({ ...items, rowId: 'txn-expired', data: { title: 'Late' }, transactionId: transaction.$id });
      const { store } = context.server.app.services.transactions;
      const stored = (await store.rows.get(transaction.$id, { kind: 'all' }))!;
      await store.rows.update(stored.sequence, { expiresAt: '2000-01-01T00:00:00.000+00:00' }, undefined, now());

      const expired = { code: 410, type: 'transaction_expired' };
      await expectSdkError(context.sdk, () => tables.updateTransaction({ transactionId: transaction.$id, commit: true }), expired);
      await expectSdkError(context.sdk, () => tables.createRow<Row>({ ...items, rowId: 'txn-expired-2', data: { title: 'Later' }, transactionId: transaction.$id }), expired);
      await expectSdkError(context.sdk, () => tables.getRow({ ...items, rowId: 'txn-expired' }), rowNotFound);

      expect(await sweepExpiredTransactions(store)).toBeGreaterThanOrEqual(1);
      await expectSdkError(context.sdk, () => tables.getTransaction({ transactionId: transaction.$id }), transactionNotFound);
      expect(await store.operations(transaction.$id)).toEqual([]);
    });

    it('keeps a transaction to its creator: another user can neither see, use, commit nor delete it', async () => {
      const transaction = await tables.createTransaction();
      const calls: (() => Promise<unknown>)[] = [
        () => other.getTransaction({ transactionId: transaction.$id }),
        () => other.createRow<Row>({ ...items, rowId: 'txn-intruder', data: { title: 'Intruder' }, transactionId: transaction.$id }),
        () => other.createOperations({ transactionId: transaction.$id, operations: [{ action: 'create', databaseId: 'main', tableId: 'items', rowId: 'txn-intruder', data: { title: 'Intruder' } }] }),
        () => other.updateTransaction({ transactionId: transaction.$id, commit: true }),
        () => other.updateTransaction({ transactionId: transaction.$id, rollback: true }),
        () => other.deleteTransaction({ transactionId: transaction.$id }),
      ];
      for (const call of calls) await expectSdkError(context.sdk, call, transactionNotFound);
      const ownList = await other.listTransactions();
      expect(ownList.transactions.map((listed) => listed.$id)).not.toContain(transaction.$id);
      expect(await tables.getTransaction({ transactionId: transaction.$id })).toMatchObject({ status: 'pending', operations: 0 });
      const mine = await tables.listTransactions({ queries: [context.sdk.Query.equal('status', 'pending')] });
      expect(mine.transactions.map((listed) => listed.$id)).toContain(transaction.$id);

      await tables.deleteTransaction({ transactionId: transaction.$id });
      await expectSdkError(context.sdk, () => tables.getTransaction({ transactionId: transaction.$id }), transactionNotFound);
    });

    it('keeps a key\'s transaction to keys, and lets a key see a user\'s', async () => {
      const asKey = (method: string, path: string) =>
        fetch(`${context.endpoint}${path}`, { method, headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY } });
      const made = await asKey('POST', '/tablesdb/transactions');
      expect(made.status).toBe(201);
      const keyTransaction = (await made.json()) as Models.Transaction;
      await expectSdkError(context.sdk, () => tables.getTransaction({ transactionId: keyTransaction.$id }), transactionNotFound);

      const userTransaction = await tables.createTransaction();
      const seen = await asKey('GET', `/tablesdb/transactions/${userTransaction.$id}`);
      expect(seen.status).toBe(200);
      expect(await seen.json()).toMatchObject({ $id: userTransaction.$id, status: 'pending' });
    });

    it('holds at most 100 operations', async () => {
      const transaction = await tables.createTransaction();
      const creates = (from: number, count: number) =>
        Array.from({ length: count }, (_, index) => ({ action: 'create', databaseId: 'main', tableId: 'items', rowId: `txn-limit-${from + index}`, data: { title: `Row ${from + index}` } }));
      expect(await tables.createOperations({ transactionId: transaction.$id, operations: creates(0, 60) })).toMatchObject({ operations: 60 });
      const limit = { code: 400, type: 'transaction_limit_exceeded' };
      await expectSdkError(context.sdk, () => tables.createOperations({ transactionId: transaction.$id, operations: creates(60, 41) }), limit);
      expect(await tables.createOperations({ transactionId: transaction.$id, operations: creates(60, 40) })).toMatchObject({ operations: 100 });
      await expectSdkError(context.sdk, () => tables.createRow<Row>({ ...items, rowId: 'txn-limit-over', data: { title: 'Over' }, transactionId: transaction.$id }), limit);

      expect(await tables.updateTransaction({ transactionId: transaction.$id, commit: true })).toMatchObject({ status: 'committed', operations: 100 });
      const committed = await tables.listRows({ ...items, queries: [context.sdk.Query.startsWith('$id', 'txn-limit-'), context.sdk.Query.limit(200)] });
      expect(committed.total).toBe(100);
    });

    it('checks writes when they are staged: structure, permissions, missing documents and operation entries', async () => {
      const transaction = await tables.createTransaction();
      const transactionId = transaction.$id;
      await expectSdkError(context.sdk, () => tables.createRow<Row>({ ...items, rowId: 'txn-bad', data: { title: 'x', count: 'many' }, transactionId }), { code: 400, type: 'row_invalid_structure' });
      await expectSdkError(context.sdk, () => tables.createRow<Row>({ databaseId: 'main', tableId: 'locked', rowId: 'txn-locked', data: { title: 'x' }, transactionId }), { code: 401, type: 'user_unauthorized' });
      await expectSdkError(context.sdk, () => tables.updateRow<Row>({ ...items, rowId: 'txn-missing', data: { title: 'x' }, transactionId }), rowNotFound);
      await expectSdkError(context.sdk, () => tables.createOperations({ transactionId, operations: [{ action: 'create', databaseId: 'main', tableId: 'items', data: { title: 'x' } }] }), { code: 400, type: 'general_argument_invalid' });
      await expectSdkError(context.sdk, () => tables.createOperations({ transactionId, operations: [] }), { code: 400, type: 'general_bad_request' });
      await expectSdkError(context.sdk, () => tables.createTransaction({ ttl: 30 }), { code: 400, type: 'general_argument_invalid' });
      expect(await tables.getTransaction({ transactionId })).toMatchObject({ operations: 0 });
    });

    it('serves the same transactions under Databases, with collectionId and documentId in createOperations', async () => {
      const transaction = await databases.createTransaction();
      const staged = await databases.createDocument({ databaseId: 'main', collectionId: 'items', documentId: 'txn-doc-1', data: { title: 'One' }, transactionId: transaction.$id });
      expect(staged).toMatchObject({ $id: 'txn-doc-1', $collectionId: 'items' });
      await databases.createOperations({ transactionId: transaction.$id, operations: [{ action: 'create', databaseId: 'main', collectionId: 'items', documentId: 'txn-doc-2', data: { title: 'Two' } }] });
      expect(await tables.getTransaction({ transactionId: transaction.$id })).toMatchObject({ operations: 2 });
      await databases.updateTransaction({ transactionId: transaction.$id, commit: true });
      expect((await databases.getDocument({ databaseId: 'main', collectionId: 'items', documentId: 'txn-doc-2' }))['title']).toBe('Two');
      expect((await databases.getDocument({ databaseId: 'main', collectionId: 'items', documentId: 'txn-doc-1' }))['title']).toBe('One');
    });
  },
  { generations: (sdk) => sdk.version.startsWith('28.') },
);
