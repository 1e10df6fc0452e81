import { beforeAll, expect, it } from 'vitest';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import type { QueryBuilder } from './support/sdk-generations.ts';

const invalidStructure = { code: 400, type: 'document_invalid_structure' };
const invalidQuery = { code: 400, type: 'general_query_invalid' };
const invalidArgument = { code: 400, type: 'general_argument_invalid' };
const alreadyExists = { code: 409, type: 'document_already_exists' };

const invalidData: { name: string; data: Record<string, unknown>; message: string }[] = [
  { name: 'an unknown attribute', data: { title: 'x', nickname: 'y' }, message: 'Unknown attribute: "nickname"' },
  { name: 'a missing required attribute', data: { body: 'no title' }, message: 'Missing required attribute "title"' },
  { name: 'a number for a string', data: { title: 5 }, message: 'Attribute "title" has invalid format' },
  { name: 'a string for an integer', data: { title: 'x', count: 'ten' }, message: 'Attribute "count" has invalid format' },
  { name: 'a fraction for an integer', data: { title: 'x', count: 1.5 }, message: 'Attribute "count" has invalid format' },
  { name: 'a string for a boolean', data: { title: 'x', active: 'yes' }, message: 'Attribute "active" has invalid format' },
  { name: 'a scalar for an array', data: { title: 'x', tags: 'solo' }, message: 'Attribute "tags" must be an array' },
  { name: 'a string longer than its size', data: { title: 'x'.repeat(65) }, message: 'no longer than 64 chars' },
  { name: 'a bad email', data: { title: 'x', email: 'not-an-email' }, message: 'valid email address' },
  { name: 'a bad url', data: { title: 'x', site: 'not a url' }, message: 'valid URL' },
  { name: 'a bad ip', data: { title: 'x', ip: '999.1.1.1' }, message: 'valid IP address' },
  { name: 'a value outside the enum', data: { title: 'x', kind: 'delta' }, message: 'Value must be one of (alpha, beta, gamma)' },
  { name: 'an integer above its maximum', data: { title: 'x', count: 1001 }, message: 'Value must be a valid range between 0 and 1,000' },
  { name: 'an integer below its minimum', data: { title: 'x', count: -1 }, message: 'Value must be a valid range between 0 and 1,000' },
  { name: 'a float above its maximum', data: { title: 'x', price: 10000.5 }, message: 'Attribute "price" has invalid format' },
  { name: 'a date that is not a date', data: { title: 'x', published: 'yesterday' }, message: 'Attribute "published" has invalid format' },
  { name: 'an $id inside data', data: { $id: 'sneaky', title: 'x' }, message: '$id is not allowed' },
];

const invalidQueries: { name: string; queries: (Query: QueryBuilder) => string[] }[] = [
  { name: 'an unknown attribute', queries: (Q) => [Q.equal('nickname', 'x')] },
  { name: 'ordering by an unknown attribute', queries: (Q) => [Q.orderAsc('nickname')] },
  { name: 'selecting an unknown attribute', queries: (Q) => [Q.select(['nickname'])] },
  { name: 'search without a fulltext index', queries: (Q) => [Q.search('body', 'anything')] },
  { name: 'an unknown method', queries: () => [JSON.stringify({ method: 'fuzzy', attribute: 'title', values: ['x'] })] },
  { name: 'a query that is not JSON', queries: () => ['title = x'] },
  { name: 'a value of the wrong type', queries: (Q) => [Q.equal('count', 'ten')] },
  { name: 'limit over the maximum (5000)', queries: (Q) => [Q.limit(5001)] },
  { name: 'limit 0', queries: (Q) => [Q.limit(0)] },
  { name: 'a negative offset', queries: (Q) => [Q.offset(-1)] },
  { name: 'two cursors', queries: (Q) => [Q.cursorAfter('first'), Q.cursorBefore('first')] },
];

const invalidIds = [
  { name: '37 characters', id: 'a'.repeat(37) },
  { name: 'a space and punctuation', id: 'bad id!' },
  { name: 'a leading underscore', id: '_leading' },
  { name: 'a leading hyphen', id: '-leading' },
];

describeCompat('errors', (context) => {
  beforeAll(async () => {
    await context.databases.createDocument('main', 'items', 'first', { title: 'First', email: 'taken@example.org' });
  });

  const create = (data: Record<string, unknown>, documentId = context.sdk.ID.unique()) => () => context.databases.createDocument('main', 'items', documentId, data);

  it('an unknown project is project_not_found', async () => {
    const elsewhere = context.connect('no-such-project');
    await expectSdkError(context.sdk, () => elsewhere.databases.listDocuments('main', 'items'), { code: 404, type: 'project_not_found' });
    await expectSdkError(context.sdk, () => elsewhere.databases.getDocument('main', 'items', 'first'), { code: 404, type: 'project_not_found' });
  });

  it('an unknown or disabled database is database_not_found', async () => {
    await expectSdkError(context.sdk, () => context.databases.listDocuments('nowhere', 'items'), { code: 404, type: 'database_not_found' });
    await expectSdkError(context.sdk, () => context.databases.listDocuments('off', 'elsewhere'), { code: 404, type: 'database_not_found' });
    await expectSdkError(context.sdk, () => context.databases.createDocument('off', 'elsewhere', 'x', { title: 'x' }), { code: 404, type: 'database_not_found' });
  });

  it('an unknown or disabled collection is collection_not_found', async () => {
    await expectSdkError(context.sdk, () => context.databases.listDocuments('main', 'nothing'), { code: 404, type: 'collection_not_found' });
    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'nothing', 'first'), { code: 404, type: 'collection_not_found' });
    await expectSdkError(context.sdk, () => context.databases.listDocuments('main', 'hidden'), { code: 404, type: 'collection_not_found' });
  });

  for (const { name, data, message } of invalidData) {
    it(`creating with ${name} is document_invalid_structure`, async () => {
      const error = await expectSdkError(context.sdk, create(data), invalidStructure);
      expect(error.message).toContain(message);
    });
  }

  it('updating with invalid data is document_invalid_structure and changes nothing', async () => {
    await expectSdkError(context.sdk, () => context.databases.updateDocument('main', 'items', 'first', { title: 'Renamed', count: 5000 }), invalidStructure);
    await expectSdkError(context.sdk, () => context.databases.updateDocument('main', 'items', 'first', { title: null }), invalidStructure);
    expect((await context.databases.getDocument('main', 'items', 'first')).title).toBe('First');
  });

  it('creating with empty data is document_missing_data, updating with nothing is document_missing_payload', async () => {
    await expectSdkError(context.sdk, create({}), { code: 400, type: 'document_missing_data' });
    await expectSdkError(context.sdk, () => context.databases.updateDocument('main', 'items', 'first'), { code: 400, type: 'document_missing_payload' });
  });

  it('a duplicate id is document_already_exists', async () => {
    await expectSdkError(context.sdk, create({ title: 'Second first' }, 'first'), alreadyExists);
    expect((await context.databases.getDocument('main', 'items', 'first')).title).toBe('First');
  });

  it('a unique index clash on create or update is document_already_exists', async () => {
    await expectSdkError(context.sdk, create({ title: 'Copycat', email: 'taken@example.org' }), alreadyExists);
    const other = await context.databases.createDocument('main', 'items', context.sdk.ID.unique(), { title: 'Other', email: 'free@example.org' });
    await expectSdkError(context.sdk, () => context.databases.updateDocument('main', 'items', other.$id, { email: 'taken@example.org' }), alreadyExists);
    expect((await context.databases.getDocument('main', 'items', other.$id)).email).toBe('free@example.org');
  });

  it('a malformed or disallowed permission is general_argument_invalid', async () => {
    for (const permission of ['nonsense', 'read("nobody")', 'create("any")']) {
      const error = await expectSdkError(context.sdk, () => context.databases.createDocument('main', 'items', context.sdk.ID.unique(), { title: 'x' }, [permission]), invalidArgument);
      expect(error.message).toContain('permissions');
    }
  });

  for (const { name, queries } of invalidQueries) {
    it(`listing with ${name} is general_query_invalid`, async () => {
      await expectSdkError(context.sdk, () => context.databases.listDocuments('main', 'items', queries(context.sdk.Query)), invalidQuery);
    });
  }

  it('limit at the maximum (5000) is accepted', async () => {
    const result = await context.databases.listDocuments('main', 'items', [context.sdk.Query.limit(5000)]);
    expect(result.documents.length).toBe(result.total);
  });

  it('getDocument takes only select queries', async () => {
    await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'items', 'first', [context.sdk.Query.equal('title', 'First')]), invalidQuery);
  });

  it('a cursor on a missing document is general_cursor_not_found', async () => {
    const { Query } = context.sdk;
    const error = await expectSdkError(context.sdk, () => context.databases.listDocuments('main', 'items', [Query.cursorAfter('missing')]), { code: 400, type: 'general_cursor_not_found' });
    expect(error.message).toContain("'missing'");
    await expectSdkError(context.sdk, () => context.databases.listDocuments('main', 'items', [Query.cursorBefore('missing')]), { code: 400, type: 'general_cursor_not_found' });
  });

  for (const { name, id } of invalidIds) {
    it(`a document id with ${name} is general_argument_invalid`, async () => {
      const error = await expectSdkError(context.sdk, create({ title: 'x' }, id), invalidArgument);
      expect(error.message).toContain('documentId');
      await expectSdkError(context.sdk, () => context.databases.getDocument('main', 'items', id), invalidArgument);
    });
  }

  it('a missing required argument is caught by the SDK itself (code 0, no type)', async () => {
    const missing = undefined as unknown as string;
    const error = await expectSdkError(context.sdk, () => context.databases.createDocument('main', 'items', missing, { title: 'x' }), { code: 0, type: '' });
    expect(error.message).toBe('Missing required parameter: "documentId"');
  });
});
