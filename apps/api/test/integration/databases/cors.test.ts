// Credentialed CORS for the configured origin (test servers allow http://allowed.test), and the
// unknown-origin guard on writes.
import { expect } from 'vitest';
import { DOCUMENTS, ensureDocuments, runScenarios, send, type Scenario } from '../../support/scenario.ts';

const allowed = 'http://allowed.test';
const unknown = 'http://evil.test';
const newDocument = { documentId: 'cors-new', data: { title: 'From a browser' } };
const existing = { id: 'cors-existing', data: { title: 'Already there' } };

const scenarios: Scenario[] = [
  {
    name: 'a preflight from the allowed origin answers 204 with credentialed CORS headers',
    method: 'OPTIONS',
    path: DOCUMENTS,
    headers: { 'X-Appwrite-Project': null, Origin: allowed, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-appwrite-project' },
    expectedStatus: 204,
    expectedHeaders: {
      'access-control-allow-origin': allowed,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': /PATCH/,
      'access-control-allow-headers': /X-Appwrite-Project/,
      'access-control-expose-headers': /X-Fallback-Cookies/,
    },
    check: (json) => expect(json).toBeUndefined(),
  },
  {
    name: 'a preflight from an unknown origin gets no CORS grant',
    method: 'OPTIONS',
    path: DOCUMENTS,
    headers: { Origin: unknown, 'Access-Control-Request-Method': 'POST' },
    expectedStatus: 204,
    expectedHeaders: { 'access-control-allow-origin': null, 'access-control-allow-credentials': null },
  },
  {
    name: 'a GET from the allowed origin echoes it',
    method: 'GET',
    path: DOCUMENTS,
    headers: { Origin: allowed },
    expectedStatus: 200,
    expectedHeaders: { 'access-control-allow-origin': allowed, 'access-control-allow-credentials': 'true', vary: /Origin/ },
  },
  {
    name: 'an error for the allowed origin still carries the CORS headers',
    method: 'GET',
    path: `${DOCUMENTS}/cors-nowhere`,
    headers: { Origin: allowed },
    expectedStatus: 404,
    expectedType: 'document_not_found',
    expectedHeaders: { 'access-control-allow-origin': allowed },
  },
  {
    name: 'a GET from an unknown origin is answered without an Access-Control-Allow-Origin header',
    method: 'GET',
    path: DOCUMENTS,
    headers: { Origin: unknown },
    expectedStatus: 200,
    expectedHeaders: { 'access-control-allow-origin': null },
  },
  {
    name: 'a POST from the allowed origin is served',
    method: 'POST',
    path: DOCUMENTS,
    headers: { Origin: allowed },
    body: { documentId: 'cors-allowed', data: { title: 'Welcome' } },
    expectedStatus: 201,
    expectedHeaders: { 'access-control-allow-origin': allowed },
  },
  {
    name: 'a POST from an unknown origin is refused with 403 and writes nothing',
    method: 'POST',
    path: DOCUMENTS,
    headers: { Origin: unknown },
    body: newDocument,
    expectedStatus: 403,
    expectedType: 'general_unknown_origin',
    expectedContent: ['evil.test'],
    expectedHeaders: { 'access-control-allow-origin': null },
    unchanged: ['main/items'],
    async check(_json, _response, { server }) {
      expect((await send(server, { method: 'GET', path: `${DOCUMENTS}/cors-new` })).status).toBe(404);
    },
  },
  {
    name: 'a PATCH from an unknown origin is refused and changes nothing',
    method: 'PATCH',
    path: `${DOCUMENTS}/cors-existing`,
    headers: { Origin: unknown },
    setup: ({ server }) => ensureDocuments(server, 'main/items', [existing]),
    body: { data: { title: 'Hijacked' } },
    expectedStatus: 403,
    expectedType: 'general_unknown_origin',
    unchanged: ['main/items'],
  },
  {
    name: 'a DELETE from an unknown origin is refused and deletes nothing',
    method: 'DELETE',
    path: `${DOCUMENTS}/cors-existing`,
    headers: { Origin: unknown },
    setup: ({ server }) => ensureDocuments(server, 'main/items', [existing]),
    expectedStatus: 403,
    expectedType: 'general_unknown_origin',
    unchanged: ['main/items'],
  },
  {
    name: 'a write without any Origin (a server or CLI) is served',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'cors-server', data: { title: 'No origin' } },
    expectedStatus: 201,
    expectedHeaders: { 'access-control-allow-origin': null },
  },
];

runScenarios('CORS', scenarios);
