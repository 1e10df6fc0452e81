import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { ResponseControl } from '../core/context.ts';
import { serializeCookie } from './cookies.ts';
import { originOnApiDomain } from './domain-verification.ts';
import { sessionCookieName } from './identity.ts';

/** Appwrite sends the session in `X-Fallback-Cookies` too when the caller's page is not on our domain (see domain-verification.ts). */
function needsFallbackCookies(request: FastifyRequest): boolean {
  return !originOnApiDomain(request.headers.origin, request.headers.referer, request.hostname);
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
      // PHP's json_encode, which Appwrite uses here, escapes `/` (base64 has them); the JSON means the same either way.
      if (needsFallbackCookies(request)) reply.header('X-Fallback-Cookies', JSON.stringify({ [name]: token }).replaceAll('/', '\\/'));
    },
    endSession() {
      const expires = new Date(Date.now() - 60 * 60 * 1000);
      reply.header('Set-Cookie', serializeCookie(name, '', { expires, secure, sameSite: 'Lax' }));
      if (needsFallbackCookies(request)) reply.header('X-Fallback-Cookies', '[]');
    },
    cookie(cookieName, value, maxAgeSeconds) {
      reply.header('Set-Cookie', serializeCookie(cookieName, value, { expires: new Date(Date.now() + maxAgeSeconds * 1000), secure, sameSite: 'Lax' }));
    },
    header(headerName, value) {
      reply.header(headerName, value);
    },
  };
}
