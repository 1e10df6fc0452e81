// Bad input of every kind gets a 4xx in Appwrite's error shape and changes nothing: after each
// request the collection holds exactly the same documents (count and checksum, read as operator).
import { DOCUMENTS, ensureDocuments, queryString, runScenarios, type Scenario } from '../../support/scenario.ts';

const base = { id: 'bad-base', data: { title: 'Base', email: 'taken@example.com', count: 1, tags: ['kept'] } };
const other = { id: 'bad-other', data: { title: 'Other', email: 'other@example.com' } };
const seed: Scenario['setup'] = ({ server }) => ensureDocuments(server, 'main/items', [base, other]);

type Row = Omit<Scenario, 'unchanged' | 'setup' | 'method' | 'path'> & Partial<Pick<Scenario, 'method' | 'path'>>;

/** A create of one document whose `data` is otherwise valid. */
function createWith(data: Record<string, unknown>, extra: Record<string, unknown> = {}): Pick<Scenario, 'method' | 'path' | 'body'> {
  return { method: 'POST', path: DOCUMENTS, body: { documentId: 'bad-new', data: { title: 'New', ...data }, ...extra } };
}

function list(...queries: object[]): Pick<Scenario, 'method' | 'path'> {
  return { method: 'GET', path: `${DOCUMENTS}?${queryString(...queries)}` };
}

const invalidStructure = { expectedStatus: 400, expectedType: 'document_invalid_structure' };
const invalidArgument = { expectedStatus: 400, expectedType: 'general_argument_invalid' };
const invalidQuery = { expectedStatus: 400, expectedType: 'general_query_invalid' };
const badRequest = { expectedStatus: 400, expectedType: 'general_bad_request' };
const sqlish = ["' OR 1=1 --", '"; drop table main_items; --'];

const bodies: Row[] = [
  { name: 'a body that is not JSON', rawBody: '{"documentId": "bad-new", "data": {', ...badRequest },
  { name: 'a JSON array body', rawBody: '[{"documentId": "bad-new", "data": {"title": "x"}}]', ...badRequest },
  { name: 'a JSON string body', rawBody: '"bad-new"', ...badRequest },
  { name: 'a body of 3 MB (the limit is 2 MB)', ...createWith({ body: 'x'.repeat(3 * 1024 * 1024) }), expectedStatus: 413, expectedType: 'general_payload_too_large', expectedContent: ['too large'] },
  { name: 'a body with a __proto__ key', rawBody: '{"documentId": "bad-new", "data": {"title": "x", "__proto__": {"count": 5}}}', ...badRequest },
  { name: 'a body in an unsupported content type', rawBody: '<document/>', headers: { 'content-type': 'application/xml' }, ...badRequest },
  { name: 'data that is a string', body: { documentId: 'bad-new', data: 'title=x' }, ...invalidArgument, expectedContent: ['`data`'] },
  { name: 'data that is an array', body: { documentId: 'bad-new', data: [{ title: 'x' }] }, ...invalidArgument, expectedContent: ['`data`'] },
  { name: 'data that is null', body: { documentId: 'bad-new', data: null }, ...invalidArgument, expectedContent: ['`data`'] },
  { name: 'a documentId that is a number', body: { documentId: 42, data: { title: 'x' } }, ...invalidArgument, expectedContent: ['`documentId`'] },
];

const permissions: Row[] = [
  { name: 'a permission without quotes: read(any)', ...createWith({}, { permissions: ['read(any)'] }), ...invalidArgument, expectedContent: ['`permissions`'] },
  { name: 'the wildcard permission *', ...createWith({}, { permissions: ['*'] }), ...invalidArgument, expectedContent: ['Use \\"any\\" instead'] },
  { name: 'a permission for an unknown role: read("nobody:x")', ...createWith({}, { permissions: ['read("nobody:x")'] }), ...invalidArgument, expectedContent: ['nobody'] },
  { name: '101 permissions', ...createWith({}, { permissions: Array.from({ length: 101 }, (_, n) => `read("user:u${n}")`) }), ...invalidArgument },
  { name: 'permissions that are a string', ...createWith({}, { permissions: 'read("any")' }), ...invalidArgument },
  { name: 'a create permission on a document', ...createWith({}, { permissions: ['create("any")'] }), ...invalidArgument },
  { name: 'an update with malformed permissions', method: 'PATCH', path: `${DOCUMENTS}/bad-base`, body: { data: { title: 'Changed' }, permissions: ['read(any)'] }, ...invalidArgument },
];

const values: Row[] = [
  { name: 'a string longer than its attribute size', ...createWith({ title: 'x'.repeat(65) }), ...invalidStructure, expectedContent: ['title'] },
  { name: 'a string of 65 emoji for a size of 64', ...createWith({ title: '🗳'.repeat(65) }), ...invalidStructure },
  { name: 'an integer above its maximum', ...createWith({ count: 1001 }), ...invalidStructure, expectedContent: ['count', '1,000'] },
  { name: 'an integer below its minimum', ...createWith({ count: -1 }), ...invalidStructure },
  { name: 'an integer beyond the safe range', rawBody: '{"documentId": "bad-new", "data": {"title": "x", "scores": [9007199254740993]}}', ...invalidStructure },
  { name: 'a float for an integer', ...createWith({ count: 1.5 }), ...invalidStructure },
  { name: 'a float too large to represent', rawBody: '{"documentId": "bad-new", "data": {"title": "x", "price": 1e309}}', ...invalidStructure },
  { name: 'a string for a number', ...createWith({ price: '9.99' }), ...invalidStructure },
  { name: 'a string for a boolean', ...createWith({ active: 'true' }), ...invalidStructure, expectedContent: ['active'] },
  { name: 'an object for a string', ...createWith({ title: { text: 'x' } }), ...invalidStructure },
  { name: 'an unknown attribute', ...createWith({ colour: 'red' }), ...invalidStructure, expectedContent: ['Unknown attribute', 'colour'] },
  { name: '$id inside data on create', ...createWith({ $id: 'bad-sneaky' }), ...invalidStructure, expectedContent: ['$id is not allowed'] },
  { name: 'a scalar for an array attribute', ...createWith({ tags: 'one' }), ...invalidStructure, expectedContent: ['tags'] },
  { name: 'a wrong element type in an array', ...createWith({ scores: [1, 'two'] }), ...invalidStructure },
  { name: 'null inside an array', ...createWith({ tags: ['a', null] }), ...invalidStructure },
  { name: 'an invalid datetime', ...createWith({ published: '2024-13-45T25:61:00Z' }), ...invalidStructure, expectedContent: ['published'] },
  { name: 'a datetime in words', ...createWith({ published: 'yesterday' }), ...invalidStructure },
  { name: 'an invalid e-mail', ...createWith({ email: 'not-an-email' }), ...invalidStructure },
  { name: 'a URL that is not http(s)', ...createWith({ site: 'javascript:alert(1)' }), ...invalidStructure },
  { name: 'an invalid IP address', ...createWith({ ip: '999.1.1.1' }), ...invalidStructure },
  { name: 'a value outside an enum', ...createWith({ kind: 'delta' }), ...invalidStructure },
  { name: 'a missing required attribute', body: { documentId: 'bad-new', data: { body: 'no title' } }, ...invalidStructure, expectedContent: ['Missing required attribute', 'title'] },
  { name: 'null for a required attribute', ...createWith({ title: null }), ...invalidStructure },
  { name: 'a NUL character in a string (PostgreSQL cannot store it)', ...createWith({ title: 'a\u0000b' }), ...invalidStructure },
  { name: 'a lone surrogate in a string (it cannot be stored as UTF-8)', rawBody: '{"documentId": "bad-new", "data": {"title": "a\\ud800b"}}', ...invalidStructure },
  { name: 'an update with an invalid value', method: 'PATCH', path: `${DOCUMENTS}/bad-base`, body: { data: { title: 'Changed', count: 5000 } }, ...invalidStructure },
  { name: 'an update with an unknown attribute', method: 'PATCH', path: `${DOCUMENTS}/bad-base`, body: { data: { title: 'Changed', colour: 'red' } }, ...invalidStructure },
];

const ids: Row[] = [
  { name: 'a documentId of 37 characters', body: { documentId: 'a'.repeat(37), data: { title: 'x' } }, ...invalidArgument, expectedContent: ['at most 36 chars'] },
  ...['bad id', 'bad/id', 'bad$id', 'bädid', 'bad"id'].map((id): Row => ({ name: `a documentId with a bad character: ${id}`, body: { documentId: id, data: { title: 'x' } }, ...invalidArgument })),
  ...['_bad', '-bad', '.bad'].map((id): Row => ({ name: `a documentId with a leading ${id[0]}`, body: { documentId: id, data: { title: 'x' } }, ...invalidArgument })),
  ...sqlish.map((id): Row => ({ name: `an SQL-ish documentId: ${id}`, body: { documentId: id, data: { title: 'x' } }, ...invalidArgument })),
  { name: 'a get by an id of 37 characters', method: 'GET', path: `${DOCUMENTS}/${'a'.repeat(37)}`, ...invalidArgument },
  { name: 'an update of an id with a leading underscore', method: 'PATCH', path: `${DOCUMENTS}/_bad-base`, body: { data: { title: 'x' } }, ...invalidArgument },
  ...sqlish.map((id): Row => ({ name: `a delete by an SQL-ish id: ${id}`, method: 'DELETE', path: `${DOCUMENTS}/${encodeURIComponent(id)}`, ...invalidArgument })),
  { name: 'a delete by a path parameter over 256 characters', method: 'DELETE', path: `${DOCUMENTS}/${'a'.repeat(300)}`, ...badRequest },
  { name: 'a path that is not valid percent-encoding', method: 'DELETE', path: `${DOCUMENTS}/bad%ffid`, ...badRequest },
];

const queries: Row[] = [
  { name: 'a query that is not JSON', method: 'GET', path: `${DOCUMENTS}?queries[0]=equal(title)`, ...invalidQuery },
  { name: 'a query that is a JSON array', method: 'GET', path: `${DOCUMENTS}?queries[0]=${encodeURIComponent('["equal","title"]')}`, ...invalidQuery },
  { name: 'an unknown query method', ...list({ method: 'drop', attribute: 'title', values: ['x'] }), ...invalidQuery, expectedContent: ['Invalid query method'] },
  { name: 'a query on an unknown attribute', ...list({ method: 'equal', attribute: 'colour', values: ['red'] }), ...invalidQuery, expectedContent: ['Attribute not found in schema: colour'] },
  { name: 'a query on an inherited property name', ...list({ method: 'equal', attribute: 'constructor', values: ['x'] }), ...invalidQuery },
  { name: 'a query on an SQL-ish attribute', ...list({ method: 'equal', attribute: 'title = title; drop table main_items; --', values: ['x'] }), ...invalidQuery },
  { name: 'a string value for an integer attribute', ...list({ method: 'equal', attribute: 'count', values: ["1 OR 1=1"] }), ...invalidQuery },
  { name: 'a NUL character in a query value', ...list({ method: 'equal', attribute: 'title', values: ['a\u0000'] }), ...invalidQuery },
  { name: 'an object as a query value', ...list({ method: 'equal', attribute: 'title', values: [{ $ne: null }] }), ...invalidQuery },
  { name: 'a search without a fulltext index', ...list({ method: 'search', attribute: 'body', values: ['x'] }), ...invalidQuery, expectedContent: ['requires a fulltext index'] },
  { name: 'ordering by an array attribute', ...list({ method: 'orderAsc', attribute: 'tags' }), ...invalidQuery },
  { name: 'a limit over the maximum', ...list({ method: 'limit', values: [5001] }), ...invalidQuery },
  { name: 'a limit of 0', ...list({ method: 'limit', values: [0] }), ...invalidQuery },
  { name: 'a negative offset', ...list({ method: 'offset', values: [-1] }), ...invalidQuery },
  { name: 'two limits', ...list({ method: 'limit', values: [1] }, { method: 'limit', values: [2] }), ...invalidQuery },
  { name: 'a cursor to a missing document', ...list({ method: 'cursorAfter', values: ['bad-missing'] }), expectedStatus: 400, expectedType: 'general_cursor_not_found' },
  { name: 'a cursor with an SQL-ish id', ...list({ method: 'cursorAfter', values: [sqlish[0]] }), expectedStatus: 400, expectedType: 'general_cursor_not_found' },
  { name: 'a cursor holding a NUL character', ...list({ method: 'cursorBefore', values: ['bad\u0000base'] }), expectedStatus: 400, expectedType: 'general_cursor_not_found' },
  {
    name: 'logical queries nested too deep',
    ...list({ method: 'or', values: [{ method: 'and', values: [{ method: 'or', values: [{ method: 'and', values: [{ method: 'isNull', attribute: 'body' }, { method: 'isNull', attribute: 'body' }] }, { method: 'isNull', attribute: 'body' }] }, { method: 'isNull', attribute: 'body' }] }, { method: 'isNull', attribute: 'body' }] }),
    ...invalidQuery,
  },
  { name: 'a query string over 4096 characters', ...list({ method: 'equal', attribute: 'title', values: ['x'.repeat(4100)] }), ...invalidArgument },
  { name: '101 queries', ...list(...Array.from({ length: 101 }, () => ({ method: 'isNull', attribute: 'body' }))), ...invalidArgument },
  { name: 'a filter query on a single-document get', method: 'GET', path: `${DOCUMENTS}/bad-base?${queryString({ method: 'equal', attribute: 'title', values: ['Base'] })}`, ...invalidQuery },
];

const conflicts: Row[] = [
  {
    name: 'a create clashing on a unique attribute leaves no row behind, not even in the search index',
    ...createWith({ title: 'Zanzibarclash', email: 'taken@example.com' }),
    expectedStatus: 409,
    expectedType: 'document_already_exists',
  },
  {
    name: 'the search index has no trace of the clashing create',
    ...list({ method: 'search', attribute: 'title', values: ['Zanzibarclash'] }),
    expectedStatus: 200,
    expectedContent: ['"total":0'],
  },
  {
    name: 'an update clashing on a unique attribute changes nothing, not even the searchable title',
    method: 'PATCH',
    path: `${DOCUMENTS}/bad-base`,
    body: { data: { title: 'Quetzalclash', email: 'other@example.com' } },
    expectedStatus: 409,
    expectedType: 'document_already_exists',
  },
  {
    name: 'the search index still has the title from before the clashing update',
    ...list({ method: 'search', attribute: 'title', values: ['Quetzalclash'] }),
    expectedStatus: 200,
    expectedContent: ['"total":0'],
  },
  { name: 'a create with an id that is taken', body: { documentId: 'bad-base', data: { title: 'Again' } }, expectedStatus: 409, expectedType: 'document_already_exists' },
];

const rows: Row[] = [...bodies, ...permissions, ...values, ...ids, ...queries, ...conflicts];

runScenarios(
  'bad input changes nothing',
  rows.map((row): Scenario => ({ method: 'POST', path: DOCUMENTS, ...row, setup: seed, unchanged: ['main/items'] })),
);
