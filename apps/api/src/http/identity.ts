import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { ADMIN, GUEST, scopedKeyIdentity, signedInIdentity, type Identity } from '../core/context.ts';
import { AppwriteError } from '../core/errors.ts';
import type { SessionResolver } from '../services/account/session-resolver.ts';
import { DynamicKeys } from '../services/functions/dynamic-key.ts';
import { withApplicationScopes } from '../core/api-keys.ts';
import { parseCookies } from './cookies.ts';

function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

export function sessionCookieName(projectId: string): string {
  return `a_session_${projectId}`;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The session token a request carries, looked up in Appwrite's order (§1.5). */
function sessionToken(request: FastifyRequest, projectId: string): string | undefined {
  const name = sessionCookieName(projectId);
  const cookies = parseCookies(request.headers.cookie);
  const fromCookie = cookies.get(name) || cookies.get(`${name}_legacy`);
  if (fromCookie) return fromCookie;
  const fromHeader = header(request, 'x-appwrite-session');
  if (fromHeader) return fromHeader;
  const fallback = header(request, 'x-fallback-cookies');
  if (!fallback) return undefined;
  try {
    const parsed = JSON.parse(fallback) as unknown;
    const value = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The caller: the operator key, a signed-in user (session or JWT), or a guest. A dead session is a guest, not an error. */
export async function resolveIdentity(request: FastifyRequest, config: Config, sessions: SessionResolver, dynamicKeys: DynamicKeys): Promise<Identity> {
  const key = header(request, 'x-appwrite-key');
  if (key) {
    if (config.apiKey && sameSecret(key, config.apiKey)) return ADMIN;
    if (DynamicKeys.claims(key)) {
      const check = dynamicKeys.check(key);
      // Appwrite reads a bad signature as an expired key too.
      if (!check.valid) throw new AppwriteError('project_key_expired');
      return scopedKeyIdentity(withApplicationScopes(check.scopes), 'dynamic');
    }
    // Every scoped key is compared, so the time taken does not tell which one came close.
    const scoped = config.apiKeys.filter((candidate) => sameSecret(key, candidate.secret));
    if (scoped[0]) return scopedKeyIdentity(scoped[0].scopes, scoped[0].name);
    throw new AppwriteError('general_access_forbidden', 'The API key is not valid.');
  }
  const token = sessionToken(request, config.projectId);
  const signedIn = token ? await sessions.fromSessionToken(token) : null;
  const jwt = header(request, 'x-appwrite-jwt');
  if (jwt) {
    if (signedIn) throw new AppwriteError('user_jwt_and_cookie_set');
    return signedInIdentity(await sessions.fromJwt(jwt));
  }
  return signedIn ? signedInIdentity(signedIn) : GUEST;
}
