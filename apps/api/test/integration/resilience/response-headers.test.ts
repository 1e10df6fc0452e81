/**
 * Issue 11 item 5 (the API half): every /v1 response, whatever produced it — a handler's JSON, an
 * empty 204, a file's or an avatar's bytes, a redirect, an error from a handler, from the router,
 * from the body parser or from Node's HTTP parser — carries the hardening headers; HSTS only when
 * the request came over HTTPS through a trusted proxy. Headers do not depend on the database, so
 * this runs on SQLite only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange } from '../../support/raw-http.ts';
import { asOperator, DOCUMENTS } from '../../support/scenario.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';
import { postFilePart } from '../../support/upload-http.ts';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

const documentHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

const binaryHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-resource-policy': 'cross-origin',
};
/** Ours, unless the route chose its own (the storage routes sandbox what they serve). */
const binaryPolicy = /^script-src 'none'; frame-ancestors 'self' http:\/\/localhost:\d+ http:\/\/allowed\.test$/;

function expectHeaders(response: { headers: Headers }, expected: Record<string, string | RegExp>): void {
  for (const [name, value] of Object.entries(expected)) {
    const actual = response.headers.get(name);
    if (value instanceof RegExp) expect(actual, name).toMatch(value);
    else expect(actual, name).toBe(value);
  }
}

const project = { 'X-Appwrite-Project': TEST_PROJECT };
const operator = { ...project, 'X-Appwrite-Key': TEST_API_KEY };

describe('hardening headers on every API route kind [sqlite]', () => {
  let server: TestServer;
  let fileId: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { OAUTH_PROVIDERS: 'mock' } });
    await asOperator(server, 'POST', DOCUMENTS, { documentId: 'headers-doc', data: { title: 'Headers' } });
    const upload = await postFilePart(server.endpoint, 'photos', { fileId: 'unique()', name: 'dot.png', bytes: new Uint8Array(PNG_1X1), headers: { 'X-Appwrite-Key': TEST_API_KEY } });
    expect(upload.status).toBe(201);
    fileId = ((await upload.json()) as { $id: string }).$id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const documentKinds: { name: string; status: number; request: () => Promise<Response> }[] = [
    { name: 'JSON (a document)', status: 200, request: () => fetch(`${server.url}${DOCUMENTS}/headers-doc`, { headers: project }) },
    { name: 'JSON (a list)', status: 200, request: () => fetch(`${server.url}${DOCUMENTS}`, { headers: project }) },
    { name: 'text (ping)', status: 200, request: () => fetch(`${server.endpoint}/ping`, { headers: project }) },
    { name: 'JSON (health)', status: 200, request: () => fetch(`${server.endpoint}/health`) },
    { name: 'JSON (the OpenAPI document)', status: 200, request: () => fetch(`${server.endpoint}/openapi.json`) },
    {
      name: '204 (a delete)',
      status: 204,
      request: async () => {
        await asOperator(server, 'POST', DOCUMENTS, { documentId: 'headers-gone', data: { title: 'Gone' } });
        return fetch(`${server.url}${DOCUMENTS}/headers-gone`, { method: 'DELETE', headers: operator });
      },
    },
    {
      name: '204 (a CORS preflight)',
      status: 204,
      request: () => fetch(`${server.url}${DOCUMENTS}`, { method: 'OPTIONS', headers: { Origin: 'http://allowed.test', 'Access-Control-Request-Method': 'POST' } }),
    },
    {
      name: '301 (an OAuth2 redirect)',
      status: 301,
      request: () =>
        fetch(`${server.endpoint}/account/sessions/oauth2/mock?${new URLSearchParams({ project: TEST_PROJECT, success: 'http://allowed.test/ok', failure: 'http://allowed.test/no' })}`, { redirect: 'manual' }),
    },
    { name: 'error from a handler (404 document)', status: 404, request: () => fetch(`${server.url}${DOCUMENTS}/missing`, { headers: project }) },
    { name: 'error from the scope check (401)', status: 401, request: () => fetch(`${server.endpoint}/account`, { headers: project }) },
    { name: 'error from the router (404 route)', status: 404, request: () => fetch(`${server.endpoint}/no/such/route`, { headers: project }) },
    { name: 'error from the router (bad URL)', status: 400, request: () => fetch(`${server.endpoint}/databases/%E0%A4%A/collections`, { headers: project }) },
    {
      name: 'error from the body parser (bad JSON)',
      status: 400,
      request: () => fetch(`${server.url}${DOCUMENTS}`, { method: 'POST', headers: { ...operator, 'content-type': 'application/json' }, body: '{"documentId": ' }),
    },
    {
      name: 'error from the body limit (413)',
      status: 413,
      request: () => fetch(`${server.url}${DOCUMENTS}`, { method: 'POST', headers: { ...operator, 'content-type': 'application/json' }, body: 'x'.repeat(3 * 1024 * 1024) }),
    },
    {
      name: 'error from CORS (unknown origin)',
      status: 403,
      request: () => fetch(`${server.url}${DOCUMENTS}`, { method: 'POST', headers: { ...project, Origin: 'http://evil.test', 'content-type': 'application/json' }, body: '{}' }),
    },
  ];

  for (const kind of documentKinds) {
    it(`${kind.name}: ${kind.status} with the document headers`, async () => {
      const response = await kind.request();
      await response.arrayBuffer();
      expect(response.status).toBe(kind.status);
      expectHeaders(response, documentHeaders);
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  }

  const binaryKinds: { name: string; type: RegExp; policy: RegExp | string; path: () => string }[] = [
    { name: 'a file view', type: /^image\/png/, policy: "script-src 'none'", path: () => `/storage/buckets/photos/files/${fileId}/view` },
    { name: 'a file download', type: /^image\/png/, policy: "default-src 'none'; sandbox", path: () => `/storage/buckets/photos/files/${fileId}/download` },
    { name: 'a file preview', type: /^image\//, policy: binaryPolicy, path: () => `/storage/buckets/photos/files/${fileId}/preview?width=8` },
    { name: 'an avatar (initials)', type: /^image\/png/, policy: binaryPolicy, path: () => '/avatars/initials?name=Ada+Lovelace' },
  ];

  for (const kind of binaryKinds) {
    it(`${kind.name}: bytes with the binary headers (embeddable by other origins, never scripted, framed only by the site)`, async () => {
      const response = await fetch(`${server.endpoint}${kind.path()}`, { headers: project });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(kind.type);
      expectHeaders(response, { ...binaryHeaders, 'content-security-policy': kind.policy });
    });
  }

  it('an answer from the HTTP parser (headers over the limit, 431) has the document headers too', async () => {
    const raw = await rawExchange(server.url, `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(raw.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    for (const [name, value] of Object.entries(documentHeaders)) expect(raw.headers[name], name).toBe(value);
    expect(JSON.parse(raw.body)).toMatchObject({ code: 431, type: 'general_request_header_too_large' });
  });

  it('HSTS when a trusted proxy says the request came over HTTPS, on JSON and bytes alike', async () => {
    for (const path of ['/v1/health', `/v1/storage/buckets/photos/files/${fileId}/view`, '/v1/no/such/route']) {
      const response = await fetch(server.url + path, { headers: { ...project, 'X-Forwarded-Proto': 'https' } });
      await response.arrayBuffer();
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
    }
  });
});

describe('HSTS is not sent on the word of an untrusted client [sqlite]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '10.0.0.1' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('X-Forwarded-Proto from a client that is not a trusted proxy is ignored', async () => {
    const response = await fetch(`${server.endpoint}/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    await response.arrayBuffer();
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expectHeaders(response, documentHeaders);
  });
});
