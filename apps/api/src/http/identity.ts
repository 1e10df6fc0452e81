import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { ADMIN, GUEST, type Identity } from '../core/context.ts';
import { AppwriteError } from '../core/errors.ts';

function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** The caller's identity: the operator key, or a guest. Accounts will add signed-in users here. */
export function resolveIdentity(request: FastifyRequest, config: Config): Identity {
  const key = request.headers['x-appwrite-key'];
  if (typeof key === 'string' && key !== '') {
    if (config.apiKey && sameSecret(key, config.apiKey)) return ADMIN;
    throw new AppwriteError('general_access_forbidden', 'The API key is not valid.');
  }
  return GUEST;
}
