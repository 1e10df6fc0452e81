import { createHmac } from 'node:crypto';
import { sameSecret } from './primitives/secrets.ts';

export interface JwtClaims {
  userId: string;
  sessionId: string;
}

/** Appwrite's default JWT lifetime (15 minutes); v28 clients may ask for 0–3600 s. */
export const JWT_LIFETIME_SECONDS = 900;

const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })).toString('base64url');

function signature(input: string, key: string): string {
  return createHmac('sha256', key).update(input).digest('base64url');
}

/** An HS256 JWT carrying the user and session ids. */
export function signJwt(claims: JwtClaims, key: string, lifetimeSeconds: number, nowMs = Date.now()): string {
  const issuedAt = Math.floor(nowMs / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat: issuedAt, exp: issuedAt + lifetimeSeconds })).toString('base64url');
  const input = `${header}.${payload}`;
  return `${input}.${signature(input, key)}`;
}

/** The claims of a valid, unexpired token signed with `key`; null otherwise. */
export function verifyJwt(token: string, key: string, nowMs = Date.now()): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== header) return null;
  const [, payload, given] = parts as [string, string, string];
  if (!sameSecret(given, signature(`${header}.${payload}`, key))) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims['userId'] !== 'string' || typeof claims['sessionId'] !== 'string' || typeof claims['exp'] !== 'number') return null;
    if (claims['exp'] * 1000 <= nowMs) return null;
    return { userId: claims['userId'], sessionId: claims['sessionId'] };
  } catch {
    return null;
  }
}
