// Where the project id may come from, the routes that need none, and what an unknown route answers.
import { expect } from 'vitest';
import { DOCUMENTS, runScenarios, type Scenario } from '../../support/scenario.ts';

const scenarios: Scenario[] = [
  {
    name: 'the project from the X-Appwrite-Project header is accepted',
    method: 'GET',
    path: DOCUMENTS,
    expectedStatus: 200,
    check: (json) => expect(json).toEqual({ total: expect.any(Number), documents: expect.any(Array) }),
  },
  {
    name: 'the project from ?project= is accepted without the header',
    method: 'GET',
    path: `${DOCUMENTS}?project=test-project`,
    headers: { 'X-Appwrite-Project': null },
    expectedStatus: 200,
  },
  {
    name: '?project= wins over the header',
    method: 'GET',
    path: `${DOCUMENTS}?project=test-project`,
    headers: { 'X-Appwrite-Project': 'someone-else' },
    expectedStatus: 200,
  },
  {
    name: '?project= on a write is read as well',
    method: 'POST',
    path: `${DOCUMENTS}?project=test-project`,
    headers: { 'X-Appwrite-Project': null },
    body: { documentId: 'project-query', data: { title: 'Via query' } },
    expectedStatus: 201,
  },
  {
    name: 'a missing project answers 404 project_not_found',
    method: 'GET',
    path: DOCUMENTS,
    headers: { 'X-Appwrite-Project': null },
    expectedStatus: 404,
    expectedType: 'project_not_found',
  },
  {
    name: 'an empty project header counts as missing',
    method: 'GET',
    path: DOCUMENTS,
    headers: { 'X-Appwrite-Project': '' },
    expectedStatus: 404,
    expectedType: 'project_not_found',
  },
  {
    name: 'an unknown project answers 404 project_not_found and writes nothing',
    method: 'POST',
    path: DOCUMENTS,
    headers: { 'X-Appwrite-Project': 'someone-else' },
    body: { documentId: 'project-wrong', data: { title: 'Wrong project' } },
    expectedStatus: 404,
    expectedType: 'project_not_found',
    unchanged: ['main/items'],
  },
  {
    name: '/v1/health answers without a project',
    method: 'GET',
    path: '/v1/health',
    headers: { 'X-Appwrite-Project': null },
    expectedStatus: 200,
    check: (json) => expect(json).toMatchObject({ name: 'http', status: 'pass' }),
  },
  {
    name: '/v1/health/db answers without a project after querying the database',
    method: 'GET',
    path: '/v1/health/db',
    headers: { 'X-Appwrite-Project': null },
    expectedStatus: 200,
    check(json) {
      expect(json).toMatchObject({ name: 'database', status: 'pass' });
      expect(Number.isInteger(json.ping)).toBe(true);
    },
  },
  {
    name: '/v1/ping answers Pong! as text',
    method: 'GET',
    path: '/v1/ping',
    expectedStatus: 200,
    // The body contains Pong! and is five bytes long: it is exactly Pong!.
    expectedHeaders: { 'content-type': /^text\/plain/, 'content-length': '5' },
    expectedContent: ['Pong!'],
  },
  {
    name: '/v1/ping needs the project, like any client call',
    method: 'GET',
    path: '/v1/ping',
    headers: { 'X-Appwrite-Project': null },
    expectedStatus: 404,
    expectedType: 'project_not_found',
  },
  {
    name: 'an unknown route answers 404 general_route_not_found',
    method: 'GET',
    path: '/v1/nowhere',
    expectedStatus: 404,
    expectedType: 'general_route_not_found',
  },
  {
    name: 'a known path with an unsupported method is an unknown route',
    // (PUT there is an upsert since SDK 28's data API.)
    method: 'POST',
    path: `${DOCUMENTS}/some-id`,
    body: { data: { title: 'x' } },
    expectedStatus: 404,
    expectedType: 'general_route_not_found',
    unchanged: ['main/items'],
  },
  {
    name: 'a path below a document is an unknown route',
    method: 'GET',
    path: `${DOCUMENTS}/some-id/more`,
    expectedStatus: 404,
    expectedType: 'general_route_not_found',
  },
];

runScenarios('project and routes', scenarios);
