import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy's request id may look like: short, printable, nothing a log reader could mistake for structure. */
const ACCEPTABLE_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Fastify's `genReqId`: the id a trusted proxy (TRUST_PROXY, the same rule as X-Forwarded-For)
 * already gave the request, so one id follows it through the proxy's log and ours; otherwise a
 * new UUID. A client's own X-Request-Id is never believed: it could forge log lines.
 */
export function requestIdGenerator(trustProxy: string): (request: IncomingMessage) => string {
  const trusted = proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()).filter(Boolean));
  return (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    const peer = request.socket.remoteAddress;
    if (typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) && peer !== undefined && trusted(peer, 0)) return incoming;
    return randomUUID();
  };
}

export type AccessLogLevel = 'info' | 'debug' | 'off';

/** Status logged for a request whose client went away before the answer (nginx's convention). */
const CLIENT_CLOSED = 499;

/**
 * Every response carries its request id (X-Request-Id); every request leaves one log line:
 * method, route pattern (never the URL, whose query may hold secrets), status, duration and, by
 * the logger, the request id. Headers, cookies and bodies are never logged.
 */
export function logRequests(server: FastifyInstance, level: AccessLogLevel): void {
  // The abort hook is given no reply; its elapsed time is still wanted.
  const replies = new WeakMap<FastifyRequest, FastifyReply>();
  server.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    if (level !== 'off') replies.set(request, reply);
    done();
  });
  if (level === 'off') return;
  const line = (request: FastifyRequest, status: number) => {
    const durationMs = Math.round((replies.get(request)?.elapsedTime ?? 0) * 10) / 10;
    request.log[level]({ method: request.method, route: request.routeOptions.url ?? '(none)', status, durationMs }, 'request');
  };
  server.addHook('onResponse', (request, reply, done) => {
    line(request, reply.statusCode);
    done();
  });
  server.addHook('onRequestAbort', (request, done) => {
    line(request, CLIENT_CLOSED);
    done();
  });
}
