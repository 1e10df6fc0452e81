/** HTTP/1.1 by hand over a socket, for clients no library would be: slow, oversized, half-sent. */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
}

export function parseAnswer(text: string): RawAnswer {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { statusLine, headers, body };
}

export interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Writes and waits until the socket takes more; rejects with the socket's error (EPIPE, ECONNRESET…). */
  write(data: string | Buffer): Promise<void>;
  /** Resolves when the server closes the connection: when (performance.now()) and with which error, if any. */
  closed: Promise<{ at: number; error?: string }>;
}

export async function openRaw(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let text = '';
  let error: string | undefined;
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  socket.on('error', (cause: NodeJS.ErrnoException) => (error ??= cause.code ?? cause.message));
  const closed = new Promise<{ at: number; error?: string }>((resolve) => socket.once('close', () => resolve({ at: performance.now(), error })));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    received: () => text,
    closed,
    write: (data) =>
      new Promise<void>((resolve, reject) => {
        if (socket.destroyed) return reject(new Error(error ?? 'socket closed'));
        const onError = (cause: NodeJS.ErrnoException) => reject(new Error(cause.code ?? cause.message));
        socket.once('error', onError);
        socket.write(data, (cause) => {
          socket.off('error', onError);
          if (cause) reject(new Error((cause as NodeJS.ErrnoException).code ?? cause.message));
          else resolve();
        });
      }),
  };
}

/** A WebSocket upgrade request for the realtime endpoint, written by hand so the client can stay silent afterwards. */
export function realtimeUpgradeRequest(project: string, origin: string): string {
  const key = Buffer.from('sixteen byte key').toString('base64');
  return `GET /v1/realtime?project=${project} HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\nOrigin: ${origin}\r\n\r\n`;
}

/** Sends the bytes and reads the whole answer (for requests the server answers and then closes). */
export async function rawExchange(url: string, request: string): Promise<RawAnswer> {
  const connection = await openRaw(url);
  await connection.write(request).catch(() => {});
  await connection.closed;
  return parseAnswer(connection.received());
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A multipart/form-data body as the SDKs send an upload: `fileId` and one `file` part. */
export function multipartUpload(fileId: string, filename: string, bytes: Buffer): { contentType: string; body: Buffer } {
  const boundary = `----raw${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="fileId"\r\n\r\n${fileId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}
