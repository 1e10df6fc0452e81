// Document CRUD over raw HTTP: status codes, bodies, and the errors of each permission and lookup case.
import { expect } from 'vitest';
import { TEST_API_KEY } from '../../support/test-server.ts';
import { createDocuments, DOCUMENTS, documentsPath, queryString, runScenarios, send, type Scenario } from '../../support/scenario.ts';

const wireDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const operator = { 'X-Appwrite-Key': TEST_API_KEY };

const scenarios: Scenario[] = [
  {
    name: 'create answers 201 with the document: system fields, values and defaults',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'crud-create', data: { title: 'Hello', count: 3, tags: ['a', 'b'], published: '2024-05-01T10:20:30Z' } },
    expectedStatus: 201,
    expectedHeaders: { 'content-type': /^application\/json/ },
    check(json) {
      expect(json).toMatchObject({
        $id: 'crud-create',
        $collectionId: 'items',
        $databaseId: 'main',
        $permissions: [],
        title: 'Hello',
        count: 3,
        tags: ['a', 'b'],
        published: '2024-05-01T10:20:30.000+00:00',
        body: null,
        active: false,
        scores: [],
      });
      expect(json.$sequence).toMatch(/^\d+$/);
      expect(json.$createdAt).toMatch(wireDate);
      expect(json.$updatedAt).toBe(json.$createdAt);
    },
  },
  {
    name: 'create with unique() gets a 20-character generated id',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'unique()', data: { title: 'Generated' } },
    expectedStatus: 201,
    check: (json) => expect(json.$id).toMatch(/^[0-9a-f]{20}$/),
  },
  {
    name: 'write("any") on a document expands to update and delete',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'crud-perms', data: { title: 'Shared' }, permissions: ['read("any")', 'write("any")'] },
    expectedStatus: 201,
    check: (json) => expect(json.$permissions).toEqual(['read("any")', 'update("any")', 'delete("any")']),
  },
  {
    name: 'create with an id already taken answers 409',
    method: 'POST',
    path: DOCUMENTS,
    setup: ({ server }) => createDocuments(server, 'main/items', [{ id: 'crud-taken', data: { title: 'First' } }]),
    body: { documentId: 'crud-taken', data: { title: 'Second' } },
    expectedStatus: 409,
    expectedType: 'document_already_exists',
    unchanged: ['main/items'],
  },
  {
    name: 'create with empty data answers 400 document_missing_data',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'crud-empty', data: {} },
    expectedStatus: 400,
    expectedType: 'document_missing_data',
  },
  {
    name: 'create without documentId names the missing param',
    method: 'POST',
    path: DOCUMENTS,
    body: { data: { title: 'No id' } },
    expectedStatus: 400,
    expectedType: 'general_argument_invalid',
    check: (json) => expect(json.message).toBe('Param "documentId" is not optional.'),
  },
  {
    name: 'create without data names the missing param',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'crud-no-data' },
    expectedStatus: 400,
    expectedType: 'general_argument_invalid',
    check: (json) => expect(json.message).toBe('Param "data" is not optional.'),
  },
  {
    name: 'get answers 200 with the document',
    method: 'GET',
    path: `${DOCUMENTS}/crud-get`,
    setup: ({ server }) => createDocuments(server, 'main/items', [{ id: 'crud-get', data: { title: 'Fetched', price: 9.5 } }]),
    expectedStatus: 200,
    check: (json) => expect(json).toMatchObject({ $id: 'crud-get', title: 'Fetched', price: 9.5 }),
  },
  {
    name: 'get with a select query returns only the selected attributes and the system fields',
    method: 'GET',
    path: `${DOCUMENTS}/crud-select?${queryString({ method: 'select', values: ['title'] })}`,
    setup: ({ server }) => createDocuments(server, 'main/items', [{ id: 'crud-select', data: { title: 'Picked', body: 'left out' } }]),
    expectedStatus: 200,
    notExpectedContent: ['left out', '"body"'],
    check: (json) => expect(json).toMatchObject({ $id: 'crud-select', title: 'Picked', $collectionId: 'items' }),
  },
  {
    name: 'get with a filter query is refused',
    method: 'GET',
    path: `${DOCUMENTS}/crud-get?${queryString({ method: 'equal', attribute: 'title', values: ['x'] })}`,
    expectedStatus: 400,
    expectedType: 'general_query_invalid',
  },
  {
    name: 'get of a missing document answers 404',
    method: 'GET',
    path: `${DOCUMENTS}/crud-nowhere`,
    expectedStatus: 404,
    expectedType: 'document_not_found',
  },
  {
    name: 'list answers the matching documents in insertion order with their total',
    method: 'GET',
    path: `${DOCUMENTS}?${queryString({ method: 'equal', attribute: 'kind', values: ['gamma'] })}`,
    setup: ({ server }) =>
      createDocuments(server, 'main/items', [
        { id: 'crud-list-1', data: { title: 'One', kind: 'gamma' } },
        { id: 'crud-list-2', data: { title: 'Two', kind: 'gamma' } },
      ]),
    expectedStatus: 200,
    check(json) {
      expect(json.total).toBe(2);
      expect(json.documents.map((document: { $id: string }) => document.$id)).toEqual(['crud-list-1', 'crud-list-2']);
    },
  },
  {
    name: 'update changes the given attributes, keeps the others and moves $updatedAt',
    method: 'PATCH',
    path: `${DOCUMENTS}/crud-update`,
    setup: ({ server }) => createDocuments(server, 'main/items', [{ id: 'crud-update', data: { title: 'Before', count: 1, body: 'kept' } }]),
    body: { data: { title: 'After' } },
    expectedStatus: 200,
    check(json) {
      expect(json).toMatchObject({ $id: 'crud-update', title: 'After', count: 1, body: 'kept' });
      expect(json.$updatedAt >= json.$createdAt).toBe(true);
    },
  },
  {
    name: 'update with neither data nor permissions answers 400 document_missing_payload',
    method: 'PATCH',
    path: `${DOCUMENTS}/crud-get`,
    body: {},
    expectedStatus: 400,
    expectedType: 'document_missing_payload',
  },
  {
    name: 'update of a missing document answers 404',
    method: 'PATCH',
    path: `${DOCUMENTS}/crud-nowhere`,
    body: { data: { title: 'x' } },
    expectedStatus: 404,
    expectedType: 'document_not_found',
  },
  {
    name: 'delete answers 204 with an empty body and the document is gone',
    method: 'DELETE',
    path: `${DOCUMENTS}/crud-delete`,
    setup: ({ server }) => createDocuments(server, 'main/items', [{ id: 'crud-delete', data: { title: 'Doomed' } }]),
    expectedStatus: 204,
    async check(json, response, { server }) {
      expect(json).toBeUndefined();
      expect(response.headers.get('content-length') ?? '0').toBe('0');
      const after = await send(server, { method: 'GET', path: `${DOCUMENTS}/crud-delete` });
      expect(after.status).toBe(404);
    },
  },
  {
    name: 'delete of a missing document answers 404',
    method: 'DELETE',
    path: `${DOCUMENTS}/crud-nowhere`,
    expectedStatus: 404,
    expectedType: 'document_not_found',
  },
  {
    name: 'a collection without permissions refuses guests with 401',
    method: 'GET',
    path: documentsPath('main/locked'),
    expectedStatus: 401,
    expectedType: 'user_unauthorized',
  },
  {
    name: 'the operator key bypasses collection permissions',
    method: 'POST',
    path: documentsPath('main/locked'),
    headers: operator,
    body: { documentId: 'crud-locked', data: { title: 'Operator' } },
    expectedStatus: 201,
  },
  {
    name: 'a wrong API key answers 401 general_access_forbidden',
    method: 'GET',
    path: DOCUMENTS,
    headers: { 'X-Appwrite-Key': 'not-the-key' },
    expectedStatus: 401,
    expectedType: 'general_access_forbidden',
  },
  {
    name: 'a read-only collection lists for guests',
    method: 'GET',
    path: documentsPath('main/readonly'),
    expectedStatus: 200,
    check: (json) => expect(json).toEqual({ total: 0, documents: [] }),
  },
  {
    name: 'a read-only collection refuses creates',
    method: 'POST',
    path: documentsPath('main/readonly'),
    body: { documentId: 'crud-ro', data: { title: 'No' } },
    expectedStatus: 401,
    expectedType: 'user_unauthorized',
    unchanged: ['main/readonly'],
  },
  {
    name: 'a guest cannot grant permissions to a role it does not hold',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'crud-grant', data: { title: 'Grant' }, permissions: ['read("users")'] },
    expectedStatus: 401,
    expectedType: 'user_unauthorized',
    unchanged: ['main/items'],
  },
  {
    name: 'with document security a document without read permission is hidden as 404',
    method: 'GET',
    path: `${documentsPath('main/secure')}/crud-private`,
    setup: ({ server }) => createDocuments(server, 'main/secure', [{ id: 'crud-private', data: { title: 'Private' } }]),
    expectedStatus: 404,
    expectedType: 'document_not_found',
  },
  {
    name: 'with document security a list shows only the readable documents',
    method: 'GET',
    path: documentsPath('main/secure'),
    setup: ({ server }) =>
      createDocuments(server, 'main/secure', [
        { id: 'crud-public', data: { title: 'Public' }, permissions: ['read("any")'] },
        { id: 'crud-hidden', data: { title: 'Hidden' } },
      ]),
    expectedStatus: 200,
    notExpectedContent: ['crud-hidden', 'crud-private'],
    check: (json) => expect(json.documents.map((document: { $id: string }) => document.$id)).toEqual(['crud-public']),
  },
  {
    name: 'a disabled collection is not found for guests',
    method: 'GET',
    path: documentsPath('main/hidden'),
    expectedStatus: 404,
    expectedType: 'collection_not_found',
  },
  {
    name: 'a disabled collection is visible to the operator',
    method: 'GET',
    path: documentsPath('main/hidden'),
    headers: operator,
    expectedStatus: 200,
  },
  {
    name: 'a collection of a disabled database is not found',
    method: 'GET',
    path: documentsPath('off/elsewhere'),
    expectedStatus: 404,
    expectedType: 'database_not_found',
  },
  {
    name: 'an unknown database answers 404 database_not_found',
    method: 'GET',
    path: documentsPath('nowhere/items'),
    expectedStatus: 404,
    expectedType: 'database_not_found',
  },
  {
    name: 'an unknown collection answers 404 collection_not_found',
    method: 'POST',
    path: documentsPath('main/nowhere'),
    body: { documentId: 'x', data: { title: 'x' } },
    expectedStatus: 404,
    expectedType: 'collection_not_found',
  },
];

runScenarios('documents CRUD', scenarios);

