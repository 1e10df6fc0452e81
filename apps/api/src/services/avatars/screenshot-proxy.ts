import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { checkHost, checkUrl, type AddressVerdict } from '../../net/host-check.ts';

/**
 * The only way out of the screenshot browser: an HTTP proxy on loopback, one per capture, that
 * resolves every host itself, refuses non-public addresses (net/host-check.ts) and connects to
 * the address it checked, so DNS cannot answer differently to the browser (rebinding). It also
 * counts what the page downloads and cuts it off past `maxBytes`. Credentials keep other local
 * processes from using it while it runs.
 */

export interface GuardProxyOptions {
  allowedHosts: readonly string[];
  maxBytes: number;
}

export interface GuardProxy {
  /** `http://127.0.0.1:<port>` */
  server: string;
  username: string;
  password: string;
  /** Bytes received from remote servers so far. */
  readonly receivedBytes: number;
  /** True once the page downloaded more than `maxBytes` (its connections were cut). */
  readonly overLimit: boolean;
  /** Connections refused because of where they pointed. */
  readonly refusals: number;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authorization', 'proxy-authenticate', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startGuardProxy(options: GuardProxyOptions): Promise<GuardProxy> {
  const username = 'capture';
  const password = randomBytes(18).toString('base64url');
  const expectedAuthorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const sockets = new Set<Socket>();
  let receivedBytes = 0;
  let overLimit = false;
  let refusals = 0;

  /** Counts a chunk from a remote server; past the limit every connection is cut. */
  const received = (length: number): boolean => {
    receivedBytes += length;
    if (receivedBytes <= options.maxBytes) return true;
    if (!overLimit) {
      overLimit = true;
      for (const socket of sockets) socket.destroy();
    }
    return false;
  };

  const authorised = (request: IncomingMessage): boolean => sameText(request.headers['proxy-authorization'] ?? '', expectedAuthorization);

  const track = (socket: Socket): Socket => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    return socket;
  };

  // A refused request gets no answer at all: a status would be shown as the page's own.
  const refuse = (response: ServerResponse, verdict: AddressVerdict): void => {
    if (!verdict.allowed) refusals++;
    response.socket?.destroy();
  };

  const server = http.createServer(async (request, response) => {
    if (!authorised(request)) {
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="screenshot"', connection: 'close' }).end();
      return;
    }
    let url: URL;
    try {
      url = new URL(request.url ?? '');
    } catch {
      response.writeHead(400, { connection: 'close' }).end();
      return;
    }
    const verdict = overLimit ? ({ allowed: false, reason: 'blocked' } as const) : await checkUrl(url, options.allowedHosts);
    if (!verdict.allowed || url.protocol !== 'http:') {
      refuse(response, verdict);
      return;
    }
    const outgoing = http.request({
      host: verdict.target.address,
      family: verdict.target.family,
      port: Number(url.port || 80),
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: forwardedHeaders(request.headers),
      setHost: false,
      agent: false,
    });
    outgoing.on('socket', (socket) => track(socket));
    outgoing.on('response', (incoming) => {
      response.writeHead(incoming.statusCode ?? 502, forwardedHeaders(incoming.headers));
      incoming.on('data', (chunk: Buffer) => {
        if (received(chunk.length)) response.write(chunk);
        else incoming.destroy();
      });
      incoming.on('end', () => response.end());
      incoming.on('error', () => response.destroy());
    });
    outgoing.on('error', () => (response.headersSent ? response.destroy() : refuse(response, verdict)));
    request.pipe(outgoing);
  });

  server.on('connection', (socket: Socket) => track(socket));

  // https and wss: a tunnel to the checked address; the bytes inside are the browser's TLS.
  server.on('connect', async (request: IncomingMessage, client: Socket, head: Buffer) => {
    const fail = (status: string) => client.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    if (!authorised(request)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="screenshot"\r\nConnection: close\r\n\r\n');
      return;
    }
    let authority: URL;
    try {
      authority = new URL(`http://${request.url ?? ''}`);
    } catch {
      fail('400 Bad Request');
      return;
    }
    const verdict = overLimit ? ({ allowed: false, reason: 'blocked' } as const) : await checkHost(authority.hostname, authority.port || '443', options.allowedHosts);
    if (!verdict.allowed) {
      refusals++;
      fail('403 Forbidden');
      return;
    }
    const upstream = track(net.connect({ host: verdict.target.address, port: Number(authority.port || 443), family: verdict.target.family }));
    let tunnelled = false;
    upstream.once('connect', () => {
      tunnelled = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.on('data', (chunk: Buffer) => {
        if (received(chunk.length)) client.write(chunk);
      });
      client.pipe(upstream);
    });
    upstream.on('error', () => (tunnelled || !client.writable ? client.destroy() : fail('502 Bad Gateway')));
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    server: `http://127.0.0.1:${port}`,
    username,
    password,
    get receivedBytes() {
      return receivedBytes;
    },
    get overLimit() {
      return overLimit;
    },
    get refusals() {
      return refusals;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
