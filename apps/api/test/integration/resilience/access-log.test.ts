/**
 * Issue 11 item 8 (the access log): one line per request with method, route pattern, status,
 * duration and request id — never the URL's query, cookies, keys or session tokens — at the level
 * ACCESS_LOG names, and the request id in the X-Request-Id response header (a proxy's id believed
 * only from a trusted proxy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRaw, sleep } from '../../support/raw-http.ts';
import { DOCUMENTS } from '../../support/scenario.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
}

function capture(): { lines: string[]; parsed(): LogLine[]; requests(): LogLine[] } {
  const lines: string[] = [];
  const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);
  return { lines, parsed, requests: () => parsed().filter((line) => line.msg === 'request') };
}

const SECRET_QUERY = 'secret=query-secret-4242';
const COOKIE = 'a_session_test-project=cookie-token-4242';
const SESSION_HEADER = 'session-header-token-4242';

describe('the access log [sqlite]', () => {
  let server: TestServer;
  const log = capture();
  beforeAll(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'info' }, appOptions: { logStream: { write: (line) => void log.lines.push(line) } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('one line per request: request id, method, route pattern, status and duration, and nothing secret', async () => {
    const before = log.requests().length;
    const responses = [
      await fetch(`${server.url}${DOCUMENTS}/nothing-here?${SECRET_QUERY}`, { headers: { 'X-Appwrite-Project': TEST_PROJECT, Cookie: COOKIE } }),
      await fetch(`${server.url}${DOCUMENTS}?queries[0]=${encodeURIComponent('{"method":"limit","values":[1]}')}&${SECRET_QUERY}`, { headers: { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY } }),
      await fetch(`${server.endpoint}/account?${SECRET_QUERY}`, { headers: { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Session': SESSION_HEADER } }),
      await fetch(`${server.endpoint}/no/such/route?${SECRET_QUERY}`),
    ];
    for (const response of responses) await response.arrayBuffer();
    await sleep(50);
    const lines = log.requests().slice(before);
    expect(lines.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: 'GET', route: '/v1/databases/:databaseId/collections/:collectionId/documents/:documentId', status: 404 },
      { method: 'GET', route: '/v1/databases/:databaseId/collections/:collectionId/documents', status: 200 },
      { method: 'GET', route: '/v1/account', status: 401 },
      { method: 'GET', route: '(none)', status: 404 },
    ]);
    for (const [index, line] of lines.entries()) {
      expect(line.level).toBe(30);
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
      expect(line.reqId).toBe(responses[index]!.headers.get('x-request-id'));
    }
    const text = log.lines.join('\n');
    for (const secret of ['query-secret-4242', 'cookie-token-4242', TEST_API_KEY, SESSION_HEADER, 'queries']) expect(text).not.toContain(secret);
  });

  it('a request whose client goes away is logged once, as 499, and not as a server error', async () => {
    const before = log.requests().length;
    const linesBefore = log.parsed().length;
    const connection = await openRaw(server.url);
    await connection.write(`POST ${DOCUMENTS} HTTP/1.1\r\nHost: test\r\nX-Appwrite-Project: ${TEST_PROJECT}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"docu`);
    await sleep(100);
    connection.socket.destroy();
    await sleep(200);
    const lines = log.requests().slice(before);
    expect(lines.map(({ method, route, status }) => ({ method, route, status }))).toEqual([{ method: 'POST', route: '/v1/databases/:databaseId/collections/:collectionId/documents', status: 499 }]);
    expect(log.parsed().slice(linesBefore).filter((line) => line.level >= 50)).toEqual([]);
  });

  it('a client cannot choose its request id; a trusted proxy (loopback here) can', async () => {
    const fromProxy = await fetch(`${server.endpoint}/health`, { headers: { 'X-Request-Id': 'edge-7f3a' } });
    await fromProxy.arrayBuffer();
    expect(fromProxy.headers.get('x-request-id')).toBe('edge-7f3a');
    const forged = await fetch(`${server.endpoint}/health`, { headers: { 'X-Request-Id': '{"level":60,"msg":"forged"}' } });
    await forged.arrayBuffer();
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request ids from a client that is not a trusted proxy [sqlite]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '10.0.0.1' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are replaced by the server\'s own', async () => {
    const response = await fetch(`${server.endpoint}/health`, { headers: { 'X-Request-Id': 'edge-7f3a' } });
    await response.arrayBuffer();
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('ACCESS_LOG levels [sqlite]', () => {
  for (const [setting, expected] of [
    ['debug', 20],
    ['off', undefined],
  ] as const) {
    it(`ACCESS_LOG=${setting}`, async () => {
      const log = capture();
      const server = await startTestServer({ env: { LOG_LEVEL: 'debug', ACCESS_LOG: setting }, appOptions: { logStream: { write: (line) => void log.lines.push(line) } } });
      try {
        const response = await fetch(`${server.endpoint}/health`);
        await response.arrayBuffer();
        expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        await sleep(50);
        expect(log.requests().map((line) => line.level)).toEqual(expected === undefined ? [] : [expected]);
      } finally {
        await server.close();
      }
    });
  }
});
