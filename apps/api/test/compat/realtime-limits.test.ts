// The realtime endpoint's handshake, frames and limits on the wire, with small limits: Appwrite's
// error frames and close codes, cookie and JWT sessions at connect, and slow consumers cut off.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSchemaCopy } from '../support/site-schema-copy.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../support/test-server.ts';
import { openRaw, realtimeUpgradeRequest } from '../support/raw-http.ts';
import { sessionCookieOf } from './support/accounts.ts';

const LIMITS = { REALTIME_CONNECTIONS_PER_IP: '3', REALTIME_SUBSCRIPTIONS_PER_CONNECTION: '2', REALTIME_MESSAGE_BYTES: '2048', REALTIME_SEND_BUFFER_BYTES: '65536' };

interface Frame {
  type: string;
  data?: any;
}

/** A socket opened with the `ws` client, which can send an Origin and cookies as a browser would. */
class RawSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<number>;
  readonly ws: WebSocket;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as Frame));
    this.ws.on('error', () => {});
    this.closed = new Promise((resolve) => this.ws.on('close', (code) => resolve(code)));
  }

  async frame(test: (frame: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  async close(): Promise<void> {
    this.ws.close();
    await this.closed;
  }
}

describe('realtime handshake, frames and limits [sqlite]', () => {
  let server: TestServer;
  const schema = siteSchemaCopy((copy) => (copy['functions'] = []));
  const url = (query: string) => `${server.endpoint.replace('http://', 'ws://')}/realtime?${query}`;
  const connected = (socket: RawSocket) => socket.frame((frame) => frame.type === 'connected');
  const errorOf = async (socket: RawSocket) => (await socket.frame((frame) => frame.type === 'error')).data;

  beforeAll(async () => {
    server = await startTestServer({ schemaFile: schema.file, env: { ...LIMITS, ABUSE_LIMITS: 'enabled', SEED: 'none' } });
  });
  afterAll(async () => {
    await server?.close();
    schema.remove();
  });

  async function signedUpSession(label: string): Promise<{ userId: string; token: string }> {
    const call = (path: string, body: unknown) =>
      fetch(`${server.endpoint}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT }, body: JSON.stringify(body) });
    const email = `${label}-${Date.now()}@example.com`;
    const user = (await (await call('/account', { userId: 'unique()', email, password: 'a long pass phrase' })).json()) as { $id: string };
    const token = sessionCookieOf(await call('/account/sessions/email', { email, password: 'a long pass phrase' }));
    if (!token) throw new Error('no session cookie');
    return { userId: user.$id, token };
  }

  it('an unknown or missing project gets error 1008 and a close with 1008', async () => {
    for (const query of ['project=nosuchproject&channels%5B%5D=documents', 'channels%5B%5D=documents']) {
      const socket = new RawSocket(url(query));
      expect(await errorOf(socket)).toEqual({ code: 1008, message: 'Missing or unknown project ID' });
      expect(await socket.closed).toBe(1008);
    }
  });

  it('a page on a foreign origin is refused with 1008; the site itself is welcome', async () => {
    const foreign = new RawSocket(url(`project=${TEST_PROJECT}`), { origin: 'https://evil.example' });
    expect((await errorOf(foreign)).code).toBe(1008);
    expect(await foreign.closed).toBe(1008);
    const site = new RawSocket(url(`project=${TEST_PROJECT}`), { origin: new URL(server.config.siteUrl).origin });
    expect((await connected(site)).data).toEqual({ channels: [], subscriptions: [], user: null });
    await site.close();
  });

  it('a refused client that never answers the close frame is dropped within seconds, not held for 30', async () => {
    const client = await openRaw(server.endpoint);
    await client.write(realtimeUpgradeRequest(TEST_PROJECT, 'https://evil.example'));
    const started = performance.now();
    await client.closed;
    expect(client.received()).toContain('Invalid Origin');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('bad frames get 1003 errors and the socket stays open; ping gets pong', async () => {
    const socket = new RawSocket(url(`project=${TEST_PROJECT}&channels%5B%5D=documents`));
    const hello = await connected(socket);
    expect(hello.data.channels).toEqual(['documents']);
    expect(Object.values(hello.data.subscriptions)).toHaveLength(1);
    const replies = [
      ['not json', 'Message format is not valid.'],
      [{ type: 'dance' }, 'Message type is not valid.'],
      [{ type: 'authentication', data: {} }, 'Payload is not valid.'],
      [{ type: 'authentication', data: { session: 'bm90IGEgc2Vzc2lvbg==' } }, 'Session is not valid.'],
      [{ type: 'subscribe', data: [{ channels: [] }] }, 'Payload is not valid.'],
    ] as const;
    for (const [index, [frame]] of replies.entries()) {
      socket.send(frame);
      await socket.frame(() => socket.frames.filter((candidate) => candidate.type === 'error').length > index);
    }
    expect(socket.frames.filter((frame) => frame.type === 'error').map((frame) => frame.data)).toEqual(replies.map(([, message]) => ({ code: 1003, message })));
    socket.send({ type: 'ping' });
    await socket.frame((frame) => frame.type === 'pong');
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    await socket.close();
  });

  it('the session cookie (current or legacy name) and a JWT in the URL sign the socket in', async () => {
    const { userId, token } = await signedUpSession('cookie');
    for (const name of [`a_session_${TEST_PROJECT}`, `a_session_${TEST_PROJECT}_legacy`]) {
      const socket = new RawSocket(url(`project=${TEST_PROJECT}&channels%5B%5D=account`), { cookie: `${name}=${token}` });
      expect((await connected(socket)).data.user).toMatchObject({ $id: userId });
      await socket.close();
    }
    const jwtReply = await fetch(`${server.endpoint}/account/jwts`, { method: 'POST', headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-session': token } });
    const { jwt } = (await jwtReply.json()) as { jwt: string };
    const socket = new RawSocket(url(`project=${TEST_PROJECT}&jwt=${encodeURIComponent(jwt)}`));
    expect((await connected(socket)).data.user).toMatchObject({ $id: userId });
    await socket.close();
  });

  it('two subscriptions matching one event get one frame naming both; unsubscribe removes one', async () => {
    const parties = 'databases.main.collections.parties.documents';
    const createParty = async (slug: string) => {
      const reply = await fetch(`${server.endpoint}/databases/main/collections/parties/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY },
        body: JSON.stringify({ documentId: slug, data: { name: slug, slug } }),
      });
      expect(reply.status).toBe(201);
    };
    const socket = new RawSocket(url(`project=${TEST_PROJECT}`));
    await connected(socket);
    socket.send({ type: 'subscribe', data: [{ subscriptionId: 'all', channels: ['documents'] }, { subscriptionId: 'parties', channels: [parties, `${parties}.create`] }] });
    await socket.frame((frame) => frame.type === 'response');
    await createParty('both-match');
    const first = await socket.frame((frame) => frame.type === 'event');
    expect(first.data.subscriptions).toEqual(['all', 'parties']);
    expect(first.data.channels.sort()).toEqual(['documents', parties, `${parties}.create`].sort());
    socket.send({ type: 'unsubscribe', data: [{ subscriptionId: 'all' }, { subscriptionId: 'never' }] });
    const answer = await socket.frame((frame) => frame.type === 'response' && frame.data.to === 'unsubscribe');
    expect(answer.data).toEqual({ to: 'unsubscribe', success: true, subscriptions: [{ subscriptionId: 'all', removed: true }, { subscriptionId: 'never', removed: false }] });
    // The channel index no longer lists the socket under `documents`.
    await expect.poll(() => server.app.realtime.channelCount).toBe(2);
    await createParty('one-match');
    const second = await socket.frame((frame) => frame.type === 'event' && frame.data.payload.$id === 'one-match');
    expect(second.data.subscriptions).toEqual(['parties']);
    expect(second.data.channels).toEqual([parties, `${parties}.create`]);
    expect(socket.frames.filter((frame) => frame.type === 'event')).toHaveLength(2);
    await socket.close();
    await expect.poll(() => server.app.realtime.channelCount).toBe(0);
  });

  it('connections per address: one more than allowed gets 1013 until one closes', async () => {
    const open = [0, 1, 2].map(() => new RawSocket(url(`project=${TEST_PROJECT}`)));
    await Promise.all(open.map(connected));
    const extra = new RawSocket(url(`project=${TEST_PROJECT}`));
    expect(await errorOf(extra)).toEqual({ code: 1013, message: 'Too many requests' });
    expect(await extra.closed).toBe(1013);
    await open[0]!.close();
    const again = new RawSocket(url(`project=${TEST_PROJECT}`));
    await connected(again);
    await Promise.all([again, open[1]!, open[2]!].map((socket) => socket.close()));
  });

  it('more subscriptions than allowed close with 1008; a frame over the size limit closes with 1009', async () => {
    const greedy = new RawSocket(url(`project=${TEST_PROJECT}`));
    await connected(greedy);
    greedy.send({ type: 'subscribe', data: [{ channels: ['documents'] }, { channels: ['files'] }] });
    const answer = await greedy.frame((frame) => frame.type === 'response');
    expect(answer.data.subscriptions.map((subscription: { channels: string[] }) => subscription.channels)).toEqual([['documents'], ['files']]);
    greedy.send({ type: 'subscribe', data: [{ subscriptionId: 'third', channels: ['account'] }] });
    expect((await errorOf(greedy)).code).toBe(1008);
    expect(await greedy.closed).toBe(1008);

    const big = new RawSocket(url(`project=${TEST_PROJECT}`));
    await connected(big);
    big.send({ type: 'subscribe', data: [{ channels: ['documents'], queries: ['x'.repeat(4096)] }] });
    expect(await big.closed).toBe(1009);
  });

  it('more than 32 frames a minute get 1013 Too many messages., and the socket stays', async () => {
    const chatty = new RawSocket(url(`project=${TEST_PROJECT}`));
    await connected(chatty);
    for (let i = 0; i < 33; i++) chatty.send({ type: 'ping' });
    expect(await errorOf(chatty)).toEqual({ code: 1013, message: 'Too many messages.' });
    expect(chatty.frames.filter((frame) => frame.type === 'pong')).toHaveLength(32);
    expect(chatty.ws.readyState).toBe(WebSocket.OPEN);
    await chatty.close();
  });

  it('subscription queries filter events as Appwrite does: comparisons by type, a missing attribute never matches', async () => {
    const createParty = async (slug: string, founded: number) => {
      const reply = await fetch(`${server.endpoint}/databases/main/collections/parties/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY },
        body: JSON.stringify({ documentId: slug, data: { name: slug, slug, founded } }),
      });
      expect(reply.status).toBe(201);
    };
    const query = (method: string, attribute: string | undefined, values?: unknown[]) => JSON.stringify({ method, ...(attribute ? { attribute } : {}), ...(values ? { values } : {}) });
    const parties = 'databases.main.collections.parties.documents';
    // Two subscriptions per socket: this server allows no more.
    const [socket, other] = [new RawSocket(url(`project=${TEST_PROJECT}`)), new RawSocket(url(`project=${TEST_PROJECT}`))];
    await Promise.all([connected(socket), connected(other)]);
    socket.send({
      type: 'subscribe',
      data: [
        { subscriptionId: 'young', channels: [parties], queries: [query('greaterThan', 'founded', [2000])] },
        { subscriptionId: 'old', channels: [parties], queries: [query('lessThanEqual', 'founded', [1990]), query('isNotNull', 'founded')] },
      ],
    });
    other.send({
      type: 'subscribe',
      data: [
        { subscriptionId: 'text', channels: [parties], queries: [query('equal', 'founded', ['2010'])] },
        { subscriptionId: 'missing', channels: [parties], queries: [query('notEqual', 'nosuch', ['x'])] },
      ],
    });
    await Promise.all([socket, other].map((each) => each.frame((frame) => frame.type === 'response' && frame.data.to === 'subscribe')));
    const tag = Date.now().toString(36);
    await createParty(`q-old-${tag}`, 1990);
    await createParty(`q-young-${tag}`, 2010);
    await socket.frame((frame) => frame.type === 'event' && frame.data.payload.$id === `q-young-${tag}`);
    const events = socket.frames.filter((frame) => frame.type === 'event').map((frame) => [frame.data.payload.$id, frame.data.subscriptions]);
    expect(events).toEqual([
      [`q-old-${tag}`, ['old']],
      [`q-young-${tag}`, ['young']],
    ]);
    await server.app.services.events.settled();
    expect(other.frames.filter((frame) => frame.type === 'event')).toEqual([]);
    await other.close();

    const refusals = [
      [[query('select', undefined, ['name'])], 'Invalid query: Only select("*") is allowed in Realtime queries. select("*") means "listen to all events".'],
      [[query('and', undefined, [{ method: 'select', values: ['name'] }])], 'Invalid query: Only select("*") is allowed in Realtime queries. select("*") means "listen to all events".'],
      [[query('or', undefined, [{ method: 'search', attribute: 'name', values: ['x'] }])], expect.stringContaining("Query method 'search' is not supported in Realtime queries.")],
      [['not json'], expect.stringMatching(/^Invalid query: /)],
    ] as const;
    for (const [index, [queries]] of refusals.entries()) {
      socket.send({ type: 'subscribe', data: [{ subscriptionId: `bad${index}`, channels: [parties], queries }] });
      await socket.frame(() => socket.frames.filter((frame) => frame.type === 'error').length > index);
    }
    expect(socket.frames.filter((frame) => frame.type === 'error').map((frame) => frame.data)).toEqual(refusals.map(([, message]) => ({ code: 1003, message })));
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    await socket.close();
  });

  it('a consumer that stops reading is cut off instead of buffered without bound', async () => {
    const slow = new RawSocket(url(`project=${TEST_PROJECT}&channels%5B%5D=documents`));
    await connected(slow);
    const before = server.app.realtime.size;
    // Stop reading: the kernel's buffers fill, then the server's send buffer.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const body = 'lorem ipsum '.repeat(8_000);
    const write = (index: number) =>
      fetch(`${server.endpoint}/databases/main/collections/pages/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY },
        body: JSON.stringify({ documentId: 'unique()', data: { slug: `slow-${index}`, language: 'en', title: `Page ${index}`, body } }),
      });
    let written = 0;
    const deadline = Date.now() + 30_000;
    while (server.app.realtime.size >= before && Date.now() < deadline) {
      const replies = await Promise.all(Array.from({ length: 10 }, () => write(written++)));
      expect(replies.every((reply) => reply.status === 201)).toBe(true);
      await server.app.services.events.settled();
    }
    expect(server.app.realtime.size).toBe(before - 1);
  });
});

describe('realtime heartbeat and handshake rate [sqlite]', () => {
  const HEARTBEAT_MS = 200;
  let server: TestServer;
  const schema = siteSchemaCopy((copy) => (copy['functions'] = []));
  const url = () => `${server.endpoint.replace('http://', 'ws://')}/realtime?project=${TEST_PROJECT}&channels%5B%5D=documents`;
  const connected = (socket: RawSocket) => socket.frame((frame) => frame.type === 'connected');

  beforeAll(async () => {
    server = await startTestServer({ schemaFile: schema.file, env: { REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS), REALTIME_CONNECTIONS_PER_MINUTE: '5', ABUSE_LIMITS: 'enabled', SEED: 'none' } });
  });
  afterAll(async () => {
    await server?.close();
    schema.remove();
  });

  it('a socket that stops answering pings is dropped after the period; one that answers stays', async () => {
    const answering = new RawSocket(url());
    const silent = new RawSocket(url());
    await Promise.all([connected(answering), connected(silent)]);
    expect(server.app.realtime.size).toBe(2);
    // The client stops reading: the server's pings go unanswered.
    (silent.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const paused = Date.now();
    await expect.poll(() => server.app.realtime.size, { timeout: 10 * HEARTBEAT_MS, interval: 20 }).toBe(1);
    const after = Date.now() - paused;
    // Dropped at the second ping after the pause, at the latest the third.
    expect(after).toBeGreaterThanOrEqual(HEARTBEAT_MS * 0.5);
    expect(after).toBeLessThan(HEARTBEAT_MS * 4);
    await new Promise((resolve) => setTimeout(resolve, 4 * HEARTBEAT_MS));
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    expect(server.app.realtime.size).toBe(1);
    expect(server.app.realtime.channelCount).toBe(1);
    await answering.close();
    await expect.poll(() => server.app.realtime.channelCount).toBe(0);
    silent.ws.terminate();
  });

  it('handshakes per address and minute: past the allowance 1013 Too many requests, though no socket is open', async () => {
    // The count is the shared rate limiter's, in minutes of the clock: begin with time left in this one.
    const leftInMinute = 60_000 - (Date.now() % 60_000);
    if (leftInMinute < 20_000) await new Promise((resolve) => setTimeout(resolve, leftInMinute + 50));
    // The previous case made two of the five allowed handshakes, in this minute or the last.
    let admitted = 0;
    for (;;) {
      const socket = new RawSocket(url());
      const first = await socket.frame((frame) => frame.type === 'connected' || frame.type === 'error');
      if (first.type === 'error') {
        expect(first.data).toEqual({ code: 1013, message: 'Too many requests' });
        expect(await socket.closed).toBe(1013);
        break;
      }
      admitted++;
      await socket.close();
      expect(admitted).toBeLessThanOrEqual(5);
    }
    expect(admitted).toBeGreaterThanOrEqual(3);
    await expect.poll(() => server.app.realtime.size).toBe(0);
  }, 60_000);
});
