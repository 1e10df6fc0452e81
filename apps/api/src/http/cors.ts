import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppwriteError } from '../core/errors.ts';
import { isApiUrl } from './security-headers.ts';

const exposedHeaders = 'X-Appwrite-Session, X-Fallback-Cookies, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';
const allowedHeaders = [
  'Origin', 'Cookie', 'Set-Cookie', 'X-Requested-With', 'Content-Type', 'Accept', 'Content-Range', 'Range', 'Cache-Control',
  'Expires', 'Pragma', 'X-Appwrite-Project', 'X-Appwrite-Key', 'X-Appwrite-Locale', 'X-Appwrite-Mode', 'X-Appwrite-JWT',
  'X-Appwrite-Response-Format', 'X-Appwrite-Timeout', 'X-Appwrite-ID', 'X-Appwrite-Timestamp', 'X-Appwrite-Session',
  'X-SDK-Version', 'X-SDK-Name', 'X-SDK-Language', 'X-SDK-Platform', 'X-SDK-GraphQL', 'X-SDK-Profile', 'X-Fallback-Cookies',
  'X-Forwarded-For', 'X-Forwarded-User-Agent', 'X-Appwrite-Dev-Key', 'X-Appwrite-Platform',
  'X-Appwrite-Impersonate-User-Id', 'X-Appwrite-Impersonate-User-Email', 'X-Appwrite-Impersonate-User-Phone',
  // The source of a change to the directory (services/history).
  'X-Ballot-Source',
].join(', ');

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Credentialed CORS for the configured site origins. Writes from any other browser origin are
 * refused (`general_unknown_origin`); requests without an Origin (servers, CLIs) pass.
 * Returns true when the request was a preflight and has been answered.
 */
export function applyCors(request: FastifyRequest, reply: FastifyReply, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  const known = origin !== undefined && allowedOrigins.includes(origin);
  if (known) {
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
    reply.header('Access-Control-Expose-Headers', exposedHeaders);
    reply.header('Vary', 'Origin');
  }
  if (request.method === 'OPTIONS') {
    if (known) {
      reply.header('Access-Control-Allow-Headers', allowedHeaders);
      reply.header('Access-Control-Max-Age', '86400');
    }
    void reply.code(204).send();
    return true;
  }
  // As in Appwrite, the origin check guards browsers acting for users; requests carrying a key are checked by the key.
  const carriesKey = typeof request.headers['x-appwrite-key'] === 'string';
  if (origin !== undefined && !known && !carriesKey && unsafeMethods.has(request.method)) {
    throw new AppwriteError('general_unknown_origin', `Invalid Origin. Register your new client (${safeHost(origin)}) as a new Web platform on your project console dashboard`);
  }
  return false;
}

function safeHost(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return 'unknown';
  }
}

/**
 * CORS on every /v1 request, before routing. A callback hook, not an async one: an async hook costs
 * every request a promise and a turn of the microtask queue.
 */
export function enforceCors(server: FastifyInstance, allowedOrigins: readonly string[]): void {
  server.addHook('onRequest', (request, reply, done) => {
    if (!isApiUrl(request.url)) return done();
    let answered: boolean;
    try {
      answered = applyCors(request, reply, allowedOrigins);
    } catch (error) {
      return done(error as Error);
    }
    // A preflight has been answered: the chain stops here.
    if (!answered) done();
  });
}
