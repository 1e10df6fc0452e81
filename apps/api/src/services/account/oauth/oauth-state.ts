import { createHash, createHmac } from 'node:crypto';
import { randomHex, sameSecret } from '../primitives/secrets.ts';

/** What the flow carries through the provider and back, signed so nobody can change where it ends. */
export interface OAuthState {
  provider: string;
  success: string;
  failure: string;
  /** `session`: sign in with a cookie; `token`: hand a one-time token to the success URL. */
  kind: 'session' | 'token';
  /** Also kept in a cookie of the browser that started the flow (login CSRF protection). */
  nonce: string;
  issuedAt: number;
}

/** A visitor has this long to come back from the provider. */
export const STATE_LIFETIME_SECONDS = 15 * 60;

export function newNonce(): string {
  return randomHex(16);
}

function mac(payload: string, key: string): string {
  return createHmac('sha256', key).update(`oauth-state:${payload}`).digest('base64url');
}

export function signState(state: OAuthState, key: string): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${mac(payload, key)}`;
}

/** The state if it is ours, unchanged and fresh; null otherwise. */
export function verifyState(text: string, key: string, nowMs = Date.now()): OAuthState | null {
  const [payload, signature, extra] = text.split('.');
  if (!payload || !signature || extra !== undefined || !sameSecret(signature, mac(payload, key))) return null;
  try {
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OAuthState;
    if (nowMs - state.issuedAt > STATE_LIFETIME_SECONDS * 1000 || state.issuedAt > nowMs + 60_000) return null;
    return state;
  } catch {
    return null;
  }
}

/** PKCE (RFC 7636) verifier derived from the nonce, so nothing needs storing between the two legs. */
export function pkceVerifier(nonce: string, key: string): string {
  return createHmac('sha256', key).update(`pkce:${nonce}`).digest('base64url');
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
