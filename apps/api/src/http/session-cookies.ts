import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { ResponseControl } from '../core/context.ts';
import { serializeCookie } from './cookies.ts';
import { sessionCookieName } from './identity.ts';

/**
 * True when the browser calling us is on another site, so it may not keep our cookie and needs
 * the session in `X-Fallback-Cookies`. Our own site (same host) never gets the token in a header
 * that scripts can read: the HttpOnly cookie is all it needs.
 */
function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return false;
  }
}

/** The visitor's user agent; the site's server forwards it when it calls on the visitor's behalf. */
export function clientUserAgent(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-user-agent'];
  // Believed only from a trusted proxy, the same rule that makes request.ip the forwarded address.
  if (typeof forwarded === 'string' && request.ips && request.ips.length > 1) return forwarded;
  return request.headers['user-agent'] ?? '';
}

export function responseControl(request: FastifyRequest, reply: FastifyReply, config: Config): ResponseControl {
  const name = sessionCookieName(config.projectId);
  const secure = request.protocol === 'https';
  return {
    startSession(token, expire) {
      const expires = new Date(expire);
      reply.header('Set-Cookie', serializeCookie(name, token, { expires, secure, sameSite: 'Lax' }));
      if (crossSite(request)) reply.header('X-Fallback-Cookies', JSON.stringify({ [name]: token }));
    },
    endSession() {
      const expires = new Date(Date.now() - 60 * 60 * 1000);
      reply.header('Set-Cookie', serializeCookie(name, '', { expires, secure, sameSite: 'Lax' }));
      if (crossSite(request)) reply.header('X-Fallback-Cookies', '[]');
    },
    cookie(cookieName, value, maxAgeSeconds) {
      reply.header('Set-Cookie', serializeCookie(cookieName, value, { expires: new Date(Date.now() + maxAgeSeconds * 1000), secure, sameSite: 'Lax' }));
    },
    header(headerName, value) {
      reply.header(headerName, value);
    },
  };
}
