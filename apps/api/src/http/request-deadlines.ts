import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpLimits } from '../config.ts';
import { AppwriteError } from '../core/errors.ts';
import { answerOnSocket } from './socket-answer.ts';

const CHECK_EVERY_MS = 1_000;

interface Arrival {
  request: FastifyRequest;
  reply: FastifyReply;
  socket: Socket;
  startedAt: number;
  bytesAtStart: number;
  /** Set once the body has been refused: the rest may still be read and dropped, but only until then. */
  lingerUntil?: number;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

export interface RequestDeadlines {
  /** The body was refused: stop extending its time, and close the connection if the rest does not arrive soon. */
  refused(request: FastifyRequest): void;
  stop(): void;
}

/**
 * Slow bodies (slowloris' second form; slow headers are Node's headersTimeout): a body must
 * arrive within REQUEST_TIMEOUT_MS, plus one second for every REQUEST_BODY_MIN_RATE bytes
 * received, so an upload that keeps moving is never cut while one that trickles is. Counted
 * from the socket's own byte counter, so the body stream is never touched.
 */
export function enforceRequestDeadlines(server: FastifyInstance, limits: Pick<HttpLimits, 'requestTimeoutMs' | 'bodyMinRate'>): RequestDeadlines {
  const arrivals = new Map<FastifyRequest, Arrival>();
  server.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    // Requests injected in-process (light-my-request) have a stand-in socket that counts no bytes and cannot be closed.
    if (hasBody(request) && !request.raw.complete && typeof socket.bytesRead === 'number') {
      arrivals.set(request, { request, reply, socket, startedAt: Date.now(), bytesAtStart: socket.bytesRead });
    }
    done();
  });
  const check = () => {
    const now = Date.now();
    for (const arrival of arrivals.values()) {
      const { request, reply, socket } = arrival;
      if (request.raw.complete || socket.destroyed) {
        arrivals.delete(request);
        continue;
      }
      const received = socket.bytesRead - arrival.bytesAtStart;
      const deadline = arrival.lingerUntil ?? arrival.startedAt + limits.requestTimeoutMs + (received / limits.bodyMinRate) * 1000;
      if (now <= deadline) continue;
      arrivals.delete(request);
      if (reply.raw.headersSent) socket.destroy();
      else answerOnSocket(socket, new AppwriteError('general_request_timeout'), request.method);
    }
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return {
    refused(request) {
      const arrival = arrivals.get(request);
      if (arrival) arrival.lingerUntil = Date.now() + limits.requestTimeoutMs;
    },
    stop: () => clearInterval(timer),
  };
}
