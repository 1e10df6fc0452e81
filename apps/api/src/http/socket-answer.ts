import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppwriteError, toErrorBody } from '../core/errors.ts';
import { NO_CACHE_HEADERS } from './error-handler.ts';
import { documentHeaders } from './security-headers.ts';

const answered = new WeakSet<Duplex>();

/**
 * Answers in Appwrite's error shape straight on the socket, for what happens outside any request
 * Fastify handles (a malformed request line, headers over the limit or too slow, a body that
 * stops arriving), then closes the connection once the answer is written. A HEAD request gets
 * the same head without the body, as HTTP requires.
 */
export function answerOnSocket(socket: Duplex, error: AppwriteError, method?: string): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(toErrorBody(error));
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
    ...NO_CACHE_HEADERS,
    ...documentHeaders,
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  const content = method === 'HEAD' ? '' : body;
  socket.end(`HTTP/1.1 ${error.code} ${STATUS_CODES[error.code] ?? ''}\r\n${head}\r\n${content}`, () => socket.destroy());
}

/** Node's parser errors: oversized headers (431), headers not received in time (408), anything malformed (400). */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // The parser never got to a request object; the packet it choked on starts with the method when it is the request's first.
  const method = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ' ? 'HEAD' : undefined;
  if (error.code === 'HPE_HEADER_OVERFLOW') return answerOnSocket(socket, new AppwriteError('general_request_header_too_large'), method);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return answerOnSocket(socket, new AppwriteError('general_request_timeout'), method);
  answerOnSocket(socket, new AppwriteError('general_bad_request', 'The request is not valid HTTP.'), method);
}
