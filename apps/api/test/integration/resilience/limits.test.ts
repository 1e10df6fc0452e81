/**
 * Issue 11 item 6 (the server's part): body size answered 413 in Appwrite's shape and read by the
 * client (no reset before the answer), header size (431), slow headers and slow bodies cut
 * (slowloris), uploads that keep moving not cut, idle keep-alive and idle connections closed,
 * every limit a validated setting. Protocol behaviour, independent of the database: SQLite only.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { multipartUpload, openRaw, parseAnswer, rawExchange, sleep } from '../../support/raw-http.ts';
import { DOCUMENTS } from '../../support/scenario.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

const FIVE_MB = 5 * 1024 * 1024;
const CURL = '/usr/bin/curl';

function createRequestHead(length: number | 'chunked', extra = ''): string {
  const framing = length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`;
  return `POST ${DOCUMENTS} HTTP/1.1\r\nHost: test\r\nX-Appwrite-Project: ${TEST_PROJECT}\r\nX-Appwrite-Key: ${TEST_API_KEY}\r\nContent-Type: application/json\r\n${framing}\r\n${extra}\r\n`;
}

describe('a body over the limit is answered 413, and the client reads the answer [sqlite]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('fetch (undici) sending 5 MB of JSON reads 413 general_payload_too_large', async () => {
    const response = await fetch(server.url + DOCUMENTS, {
      method: 'POST',
      headers: { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ documentId: 'big', data: { title: 'x'.repeat(FIVE_MB) } }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is too large.', code: 413, type: 'general_payload_too_large', version: expect.any(String) });
    expect(response.headers.get('cache-control')).toMatch(/^no-cache/);
  });

  it.skipIf(!existsSync(CURL))('curl sending 5 MB reads 413', async () => {
    const body = `{"documentId":"big","data":{"title":"${'x'.repeat(FIVE_MB)}"}}`;
    const child = execFile(CURL, ['-sS', '-o', '-', '-w', '\n%{http_code}', '-H', `X-Appwrite-Project: ${TEST_PROJECT}`, '-H', `X-Appwrite-Key: ${TEST_API_KEY}`, '-H', 'Content-Type: application/json', '--data-binary', '@-', server.url + DOCUMENTS]);
    child.stdin!.end(body);
    const output = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`curl exited ${code}: ${text}`))));
    });
    const [json, status] = output.split('\n');
    expect(status).toBe('413');
    expect(JSON.parse(json!)).toMatchObject({ code: 413, type: 'general_payload_too_large' });
  });

  it('a client that writes all 5 MB before reading is not reset: every byte is taken, then it reads 413', async () => {
    const connection = await openRaw(server.url);
    await connection.write(createRequestHead(FIVE_MB));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    while (sent < FIVE_MB) {
      await connection.write(chunk.subarray(0, Math.min(chunk.length, FIVE_MB - sent)));
      sent += Math.min(chunk.length, FIVE_MB - sent);
    }
    expect(sent).toBe(FIVE_MB);
    await sleep(200);
    const answer = parseAnswer(connection.received());
    expect(answer.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 413, type: 'general_payload_too_large' });
    // The connection survived the refused body: the next request on it is answered.
    const before = connection.received().length;
    await connection.write(`GET /v1/health HTTP/1.1\r\nHost: test\r\n\r\n`);
    await sleep(200);
    expect(connection.received().slice(before)).toMatch(/^HTTP\/1\.1 200 OK/);
    connection.socket.destroy();
  });

  it('a chunked body (no Content-Length) that grows over the limit is answered 413 too', async () => {
    const connection = await openRaw(server.url);
    await connection.write(createRequestHead('chunked'));
    const piece = 'x'.repeat(256 * 1024);
    for (let i = 0; i < 12; i++) await connection.write(`${piece.length.toString(16)}\r\n${piece}\r\n`);
    await connection.write('0\r\n\r\n');
    await sleep(200);
    expect(parseAnswer(connection.received()).statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    connection.socket.destroy();
  });

  it('a body under the limit is not refused for its size', async () => {
    const response = await fetch(server.url + DOCUMENTS, {
      method: 'POST',
      headers: { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ documentId: 'padded', data: { title: 'Padded' }, padding: 'x'.repeat(1024 * 1024) }),
    });
    await response.arrayBuffer();
    expect(response.status).not.toBe(413);
  });
});

describe('header size, slow headers, slow bodies and idle connections [sqlite]', () => {
  let server: TestServer;
  const limits = { HEADER_LIMIT_BYTES: '8192', HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500', REQUEST_BODY_MIN_RATE: '16384', KEEP_ALIVE_TIMEOUT_MS: '500', CONNECTION_TIMEOUT_MS: '2000' };
  beforeAll(async () => {
    server = await startTestServer({ env: limits });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('headers over HEADER_LIMIT_BYTES: 431 general_request_header_too_large; under it: answered', async () => {
    const over = await rawExchange(server.url, `GET /v1/health HTTP/1.1\r\nHost: test\r\nX-Padding: ${'a'.repeat(10 * 1024)}\r\n\r\n`);
    expect(over.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(over.body)).toMatchObject({ code: 431, type: 'general_request_header_too_large' });
    const under = await fetch(`${server.endpoint}/health`, { headers: { 'X-Padding': 'a'.repeat(6 * 1024) } });
    await under.arrayBuffer();
    expect(under.status).toBe(200);
  });

  it('malformed HTTP: 400 in Appwrite shape', async () => {
    const answer = await rawExchange(server.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 400, type: 'general_bad_request' });
  });

  it('headers trickling in (slowloris): 408 general_request_timeout once HEADERS_TIMEOUT_MS has passed', async () => {
    const connection = await openRaw(server.url);
    const started = performance.now();
    await connection.write('GET /v1/health HTTP/1.1\r\nHost: test\r\n');
    const trickle = (async () => {
      for (let i = 0; i < 40 && !connection.socket.destroyed; i++) {
        await connection.write(`X-Slow-${i}: 1\r\n`).catch(() => {});
        await sleep(200);
      }
    })();
    const { at } = await connection.closed;
    await trickle;
    const seconds = (at - started) / 1000;
    console.log(`slow headers cut after ${seconds.toFixed(2)} s (HEADERS_TIMEOUT_MS=1000)`);
    expect(seconds).toBeGreaterThanOrEqual(0.9);
    expect(seconds).toBeLessThan(3);
    const answer = parseAnswer(connection.received());
    expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 408, type: 'general_request_timeout' });
  });

  it('a body trickling below REQUEST_BODY_MIN_RATE: 408 after about REQUEST_TIMEOUT_MS', async () => {
    const connection = await openRaw(server.url);
    const started = performance.now();
    await connection.write(createRequestHead(10_000));
    const trickle = (async () => {
      for (let i = 0; i < 50 && !connection.socket.destroyed; i++) {
        await connection.write('xxxxxxxxxx').catch(() => {});
        await sleep(200);
      }
    })();
    const { at } = await connection.closed;
    await trickle;
    const seconds = (at - started) / 1000;
    console.log(`slow body (50 B/s) cut after ${seconds.toFixed(2)} s (REQUEST_TIMEOUT_MS=1500)`);
    expect(seconds).toBeGreaterThanOrEqual(1.4);
    expect(seconds).toBeLessThan(4);
    const answer = parseAnswer(connection.received());
    expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 408, type: 'general_request_timeout' });
  });

  it('a HEAD request with headers over the limit: the 431 head only, no body after it', async () => {
    const connection = await openRaw(server.url);
    await connection.write(`HEAD /v1/health HTTP/1.1\r\nHost: test\r\nX-Appwrite-Project: ${TEST_PROJECT}\r\nX-Padding: ${'p'.repeat(9000)}\r\n\r\n`);
    await connection.closed;
    const answer = parseAnswer(connection.received());
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.body).toBe('');
  });

  it('an upload that keeps moving above the minimum rate goes on past REQUEST_TIMEOUT_MS and completes', async () => {
    const { contentType, body } = multipartUpload('slow-upload', 'slow.bin', Buffer.alloc(192 * 1024, 7));
    const connection = await openRaw(server.url);
    const started = performance.now();
    await connection.write(
      `POST /v1/storage/buckets/photos/files HTTP/1.1\r\nHost: test\r\nX-Appwrite-Project: ${TEST_PROJECT}\r\nX-Appwrite-Key: ${TEST_API_KEY}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // 64 KiB a second: four times the minimum rate, so about 3 s for a request the timeout alone would cut at 1.5 s.
    for (let offset = 0; offset < body.length; offset += 16 * 1024) {
      await connection.write(body.subarray(offset, offset + 16 * 1024));
      await sleep(250);
    }
    while (!/\r\n\r\n/.test(connection.received()) && !connection.socket.destroyed) await sleep(20);
    const seconds = (performance.now() - started) / 1000;
    console.log(`slow upload (192 KiB at 64 KiB/s) completed in ${seconds.toFixed(2)} s (REQUEST_TIMEOUT_MS=1500, REQUEST_BODY_MIN_RATE=16384)`);
    expect(parseAnswer(connection.received()).statusLine).toBe('HTTP/1.1 201 Created');
    expect(seconds).toBeGreaterThan(2.5);
    connection.socket.destroy();
  });

  it('an upload that stalls is cut once the connection has been idle CONNECTION_TIMEOUT_MS', async () => {
    const { contentType, body } = multipartUpload('stalled-upload', 'stalled.bin', Buffer.alloc(512 * 1024, 7));
    const connection = await openRaw(server.url);
    await connection.write(
      `POST /v1/storage/buckets/photos/files HTTP/1.1\r\nHost: test\r\nX-Appwrite-Project: ${TEST_PROJECT}\r\nX-Appwrite-Key: ${TEST_API_KEY}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await connection.write(body.subarray(0, 256 * 1024));
    const stalledAt = performance.now();
    const { at } = await connection.closed;
    const seconds = (at - stalledAt) / 1000;
    console.log(`stalled upload cut ${seconds.toFixed(2)} s after its last byte (CONNECTION_TIMEOUT_MS=2000)`);
    expect(seconds).toBeGreaterThanOrEqual(1.9);
    expect(seconds).toBeLessThan(4.5);
    const listed = await fetch(`${server.endpoint}/storage/buckets/photos/files/stalled-upload`, { headers: { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY } });
    await listed.arrayBuffer();
    expect(listed.status).toBe(404);
  });

  it('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const connection = await openRaw(server.url);
    await connection.write('GET /v1/health HTTP/1.1\r\nHost: test\r\n\r\n');
    while (!/\r\n\r\n[\s\S]*\}/.test(connection.received())) await sleep(10);
    const answeredAt = performance.now();
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    const { at } = await connection.closed;
    const seconds = (at - answeredAt) / 1000;
    // Node keeps a kept-alive socket one second longer than it announces, so that a client never sends on a closing one.
    console.log(`idle keep-alive connection closed after ${seconds.toFixed(2)} s (KEEP_ALIVE_TIMEOUT_MS=500)`);
    expect(seconds).toBeGreaterThanOrEqual(0.4);
    expect(seconds).toBeLessThan(3);
  });
});

describe('a connection that never sends anything is closed after CONNECTION_TIMEOUT_MS [sqlite]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { HEADERS_TIMEOUT_MS: '20000', CONNECTION_TIMEOUT_MS: '1000' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('closed, not kept for the 20 s the headers timeout would allow', async () => {
    const connection = await openRaw(server.url);
    const opened = performance.now();
    const { at } = await connection.closed;
    const seconds = (at - opened) / 1000;
    console.log(`silent connection closed after ${seconds.toFixed(2)} s (CONNECTION_TIMEOUT_MS=1000)`);
    expect(seconds).toBeGreaterThanOrEqual(0.9);
    expect(seconds).toBeLessThan(3);
  });
});

describe('every limit is a validated setting', () => {
  const base = { SCHEMA_FILE: 'appwrite.json' };
  it.each([
    ['BODY_LIMIT_BYTES', '12'],
    ['HEADER_LIMIT_BYTES', 'lots'],
    ['HEADERS_TIMEOUT_MS', '-1'],
    ['REQUEST_TIMEOUT_MS', '1.5'],
    ['REQUEST_BODY_MIN_RATE', '0'],
    ['KEEP_ALIVE_TIMEOUT_MS', '10'],
    ['CONNECTION_TIMEOUT_MS', '5'],
    ['SHUTDOWN_TIMEOUT_MS', 'soon'],
    ['ACCESS_LOG', 'verbose'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '50'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_REPLICA_URL', 'mysql://replica/db'],
    // A replica of no primary.
    ['DATABASE_REPLICA_URL', 'postgres://replica/db'],
  ])('%s=%s stops start-up with a message naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });

  it('the defaults', () => {
    const config = loadConfig(base);
    expect(config.limits).toEqual({
      bodyBytes: 2 * 1024 * 1024,
      headerBytes: 16 * 1024,
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 30_000,
      bodyMinRate: 4096,
      keepAliveTimeoutMs: 72_000,
      connectionTimeoutMs: 120_000,
    });
    expect(config).toMatchObject({ shutdownTimeoutMs: 25_000, accessLog: 'info', databaseConnectTimeoutMs: 5_000, databaseStatementTimeoutMs: 30_000, databasePoolSize: 10, databaseReplicaUrl: undefined });
    expect(loadConfig({ ...base, DATABASE_STATEMENT_TIMEOUT_MS: '0', CONNECTION_TIMEOUT_MS: '0' })).toMatchObject({ databaseStatementTimeoutMs: 0, limits: { connectionTimeoutMs: 0 } });
  });
});
