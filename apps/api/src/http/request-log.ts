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

const SEVERITY: Readonly<Record<string, number>> = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/**
 * The access log's level, or 'off' when the server's log level would drop its lines anyway (LOG_LEVEL
 * silent, warn …): its hooks are then not registered at all, since each one costs every request.
 */
export function effectiveAccessLog(level: AccessLogLevel, logLevel: string): AccessLogLevel {
  if (level === 'off') return 'off';
  const threshold = SEVERITY[logLevel];
  return threshold !== undefined && SEVERITY[level]! >= threshold ? level : 'off';
}

/** Status logged for a request whose client went away before the answer (nginx's convention). */
const CLIENT_CLOSED = 499;

/**
 * Every response carries its request id (X-Request-Id); every request leaves one log line:
 * method, route pattern (never the URL, whose query may hold secrets), status, duration and, by
 * the logger, the request id. Headers, cookies and bodies are never logged.
 */
export function logRequests(server: FastifyInstance, level: AccessLogLevel): void {
  if (level === 'off') {
    server.addHook('onRequest', (request, reply, done) => {
      reply.header('X-Request-Id', request.id);
      done();
    });
    return;
  }
  // The abort hook is given no reply; its elapsed time is still wanted. Kept on the request (a
  // WeakMap keyed by every request made each young-generation collection sweep its entries).
  server.decorateRequest('accessLogReply', null);
  server.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    request.accessLogReply = reply;
    done();
  });
  const line = (request: FastifyRequest, status: number) => {
    const durationMs = Math.round((request.accessLogReply?.elapsedTime ?? 0) * 10) / 10;
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's reply, for the access log's line when the client goes away (set only while the access log is on). */
    accessLogReply: FastifyReply | null;
  }
}
