import { createHmac } from 'node:crypto';
import { sameSecret } from '../primitives/secrets.ts';
import type { ProviderProfile, ProviderTokens } from './oauth-client.ts';
import { pkceChallenge } from './oauth-state.ts';

/**
 * The `mock` provider: an authorization server inside this one, so the whole OAuth2 flow (redirects,
 * state, PKCE, code exchange, account linking) runs in tests without the internet. Its codes are
 * signed and bound to the PKCE challenge; it signs everybody in as the same user unless the
 * flow asks for another address through `login_hint` (never vouched for as verified).
 */
export const MOCK_USER = { id: 'mock-user', email: 'useroauth@localhost.test', name: 'Mock User' } as const;

const CODE_LIFETIME_MS = 60_000;

interface MockCode {
  challenge: string;
  email: string;
  expires: number;
}

function mac(payload: string, key: string): string {
  return createHmac('sha256', key).update(`mock-oauth-code:${payload}`).digest('base64url');
}

export function issueMockCode(challenge: string, email: string, key: string, nowMs = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ challenge, email, expires: nowMs + CODE_LIFETIME_MS } satisfies MockCode)).toString('base64url');
  return `${payload}.${mac(payload, key)}`;
}

/** Redeems a code as the provider's token endpoint would: signature, expiry and PKCE verifier. */
export function redeemMockCode(code: string, verifier: string, key: string, nowMs = Date.now()): { tokens: ProviderTokens; profile: ProviderProfile } | null {
  const [payload, signature] = code.split('.');
  if (!payload || !signature || !sameSecret(signature, mac(payload, key))) return null;
  const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as MockCode;
  if (parsed.expires < nowMs || !sameSecret(parsed.challenge, pkceChallenge(verifier))) return null;
  const isDefault = parsed.email === MOCK_USER.email;
  return {
    tokens: { accessToken: 'mock-access-token', refreshToken: 'mock-refresh-token', expiresIn: 3600, idToken: '' },
    profile: {
      id: isDefault ? MOCK_USER.id : `mock-${parsed.email}`,
      email: parsed.email,
      name: isDefault ? MOCK_USER.name : parsed.email.split('@')[0]!,
      // Only the fixed mock user is vouched for: a hinted address must not take over an existing account.
      emailVerified: isDefault,
    },
  };
}
