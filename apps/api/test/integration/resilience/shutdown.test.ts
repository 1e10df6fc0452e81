/**
 * Issue 11 item 8 (graceful shutdown): on SIGTERM a server (in its own process, stopping as
 * `npm start` does) stops taking connections at once, lets the requests and uploads in flight
 * finish, logs a start and an end line with counts, closes its pool and exits 0 — so a rolling
 * restart drops nothing; SHUTDOWN_TIMEOUT_MS bounds the wait.
 */
import { connect } from 'node:net';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { startLoggedServer, type LoggedServer } from '../../support/logged-process.ts';
import { multipartUpload, openRaw, parseAnswer, realtimeUpgradeRequest, sleep, type RawConnection } from '../../support/raw-http.ts';
import { describeEachEngine, DOCUMENTS } from '../../support/scenario.ts';
import { removeTestData, TEST_API_KEY, TEST_PROJECT, type Engine } from '../../support/test-server.ts';

const credentials = `X-Appwrite-Project: ${TEST_PROJECT}\r\nX-Appwrite-Key: ${TEST_API_KEY}\r\n`;

/** A request whose body arrives over `seconds`, so it is in flight for that long. */
async function startSlowRequest(server: LoggedServer, path: string, contentType: string, body: Buffer, seconds: number): Promise<{ connection: RawConnection; finished: Promise<string> }> {
  const connection = await openRaw(server.url);
  await connection.write(`POST ${path} HTTP/1.1\r\nHost: test\r\n${credentials}Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
  const steps = 10;
  const step = Math.ceil(body.length / steps);
  const finished = (async () => {
    for (let offset = 0; offset < body.length; offset += step) {
      await sleep((seconds * 1000) / steps);
      await connection.write(body.subarray(offset, offset + step));
    }
    await connection.closed;
    return parseAnswer(connection.received()).statusLine;
  })();
  return { connection, finished };
}

function refused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

function shutdownLines(server: LoggedServer): string[] {
  return server
    .logLines()
    .map((line) => String(line['msg']))
    .filter((message) => message.startsWith('shutdown'));
}

describeEachEngine('SIGTERM drains the requests in flight', (engine: Engine) => {
  it('slow requests and uploads in flight all complete, new connections are refused, the process exits 0 and the writes are there after a restart', async () => {
    const server = await startLoggedServer(engine, { env: { SHUTDOWN_TIMEOUT_MS: '15000' }, keepData: true });
    let restarted: LoggedServer | undefined;
    try {
      const creates = await Promise.all(
        Array.from({ length: 6 }, (_, i) => startSlowRequest(server, DOCUMENTS, 'application/json', Buffer.from(JSON.stringify({ documentId: `drained-${i}`, data: { title: `Drained ${i}` } })), 1.5)),
      );
      const uploads = await Promise.all(
        Array.from({ length: 2 }, (_, i) => {
          const { contentType, body } = multipartUpload(`drained-file-${i}`, `drained-${i}.bin`, Buffer.alloc(200 * 1024, i));
          return startSlowRequest(server, '/v1/storage/buckets/photos/files', contentType, body, 1.5);
        }),
      );
      await sleep(300);
      const signalledAt = performance.now();
      server.signal('SIGTERM');
      await sleep(300);
      expect(await refused(server.port), 'a new connection during the drain').toBe('ECONNREFUSED');
      const statuses = await Promise.all([...creates, ...uploads].map((request) => request.finished));
      expect(statuses).toEqual(Array(8).fill('HTTP/1.1 201 Created'));
      expect(await server.exited).toBe(0);
      console.log(`[${engine}] SIGTERM to exit with 8 slow requests in flight: ${Math.round(performance.now() - signalledAt)} ms`);
      const lines = shutdownLines(server);
      expect(lines[0]).toMatch(/^shutdown \(SIGTERM\): draining 8 requests in flight \(2 uploads, 0 pages\), for up to 15000 ms$/);
      expect(lines[1]).toMatch(/^shutdown \(SIGTERM\) done in \d+ ms: 8 requests completed, 0 cut off; database, rate limiter and timers closed$/);

      restarted = await startLoggedServer(engine, { dataDir: server.dataDir, pgSchema: server.pgSchema, keepData: true });
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${restarted.url}${DOCUMENTS}/drained-${i}`, { headers: { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY } });
        expect(await response.json()).toMatchObject({ $id: `drained-${i}`, title: `Drained ${i}` });
      }
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${restarted.endpoint}/storage/buckets/photos/files/drained-file-${i}`, { headers: { 'X-Appwrite-Project': TEST_PROJECT, 'X-Appwrite-Key': TEST_API_KEY } });
        expect(await response.json()).toMatchObject({ $id: `drained-file-${i}`, sizeOriginal: 200 * 1024 });
      }
    } finally {
      await server.stop();
      await restarted?.stop();
      await removeTestData(engine, server);
    }
  });
});

describe('SHUTDOWN_TIMEOUT_MS [sqlite]', () => {
  it('a request that never finishes is cut off when the timeout ends, and the process still exits 0', async () => {
    const server = await startLoggedServer('sqlite', { env: { SHUTDOWN_TIMEOUT_MS: '1000' } });
    const stalled = await openRaw(server.url);
    await stalled.write(`POST ${DOCUMENTS} HTTP/1.1\r\nHost: test\r\n${credentials}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"documentId"`);
    await sleep(200);
    const signalledAt = performance.now();
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    const seconds = (performance.now() - signalledAt) / 1000;
    console.log(`SIGTERM to exit with a stalled request and SHUTDOWN_TIMEOUT_MS=1000: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeGreaterThanOrEqual(0.9);
    expect(seconds).toBeLessThan(3);
    expect(shutdownLines(server)[1]).toMatch(/: 0 requests completed, 1 cut off;/);
    await stalled.closed;
  });

  it('idle keep-alive connections do not hold the exit back', async () => {
    const server = await startLoggedServer('sqlite');
    const keptAlive = await openRaw(server.url);
    await keptAlive.write('GET /v1/health HTTP/1.1\r\nHost: test\r\n\r\n');
    while (!keptAlive.received().includes('"pass"')) await sleep(10);
    const signalledAt = performance.now();
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    const seconds = (performance.now() - signalledAt) / 1000;
    console.log(`SIGTERM to exit with an idle keep-alive connection: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(1.5);
    await keptAlive.closed;
  });

  it('a connection that sent half a request\'s head does not hold the exit back', async () => {
    const server = await startLoggedServer('sqlite');
    const halfSent = await openRaw(server.url);
    await halfSent.write('GET /v1/health HTTP/1.1\r\nHost: te');
    await sleep(200);
    const signalledAt = performance.now();
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    const seconds = (performance.now() - signalledAt) / 1000;
    console.log(`SIGTERM to exit with half a request's head sent: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(3);
    expect(shutdownLines(server)[1]).toMatch(/: 0 requests completed, 0 cut off;/);
    await halfSent.closed;
  });

  it('a realtime client that never answers the close frame does not hold the exit back', async () => {
    const server = await startLoggedServer('sqlite');
    const socket = new WebSocket(`${server.url.replace('http://', 'ws://')}/v1/realtime?project=${TEST_PROJECT}&channels%5B%5D=documents`);
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.on('message', (data) => String(data).includes('"connected"') && resolve()));
    // The client stops reading, as a phone that lost its network does: the server's 1001 goes unanswered.
    (socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const signalledAt = performance.now();
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    const seconds = (performance.now() - signalledAt) / 1000;
    console.log(`SIGTERM to exit with a realtime client that does not answer: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(4);
    socket.terminate();
  });

  it('a refused realtime client that never answers the close frame does not hold the exit back', async () => {
    const server = await startLoggedServer('sqlite');
    // A raw client asks for a socket from a foreign origin, reads the refusal, then stays silent.
    const client = await openRaw(server.url);
    await client.write(realtimeUpgradeRequest(TEST_PROJECT, 'https://evil.example'));
    while (!client.received().includes('Invalid Origin')) await sleep(10);
    const signalledAt = performance.now();
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    const seconds = (performance.now() - signalledAt) / 1000;
    console.log(`SIGTERM to exit with a refused realtime client that does not answer: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(4);
    await client.closed;
  });
});
