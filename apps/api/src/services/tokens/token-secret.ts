import { createHmac } from 'node:crypto';
import { sameSecret } from '../account/primitives/secrets.ts';

/** What a resource token's secret carries (Appwrite's ResourceToken model builds the same payload). */
export interface TokenClaims {
  tokenId: string;
  resourceId: string;
  resourceType: string;
  resourceInternalId: string;
  /** Seconds since the epoch. */
  iat: number;
  /** Seconds since the epoch; absent for a token that never expires. */
  exp?: number;
}

/** Appwrite decodes resource tokens with this much leeway on `exp` (RESOURCE_TOKEN_LEEWAY). */
const LEEWAY_SECONDS = 10;

const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })).toString('base64url');

/**
 * HS256 secrets for resource tokens, signed with a key of their own derived from the server
 * secret, so a token's secret can never pass for a user JWT or a function's dynamic key.
 */
export class TokenSecrets {
  private readonly signingKey: string;

  constructor(serverSecret: string) {
    this.signingKey = createHmac('sha256', serverSecret).update('resource tokens').digest('hex');
  }

  private signature(input: string): string {
    return createHmac('sha256', this.signingKey).update(input).digest('base64url');
  }

  sign(claims: TokenClaims): string {
    const input = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${input}.${this.signature(input)}`;
  }

  /** The claims of a secret this server signed and whose `exp` has not passed; null otherwise. */
  verify(secret: string, nowMs = Date.now()): TokenClaims | null {
    const parts = secret.split('.');
    if (parts.length !== 3 || parts[0] !== header) return null;
    const [, payload, given] = parts as [string, string, string];
    if (!sameSecret(given, this.signature(`${header}.${payload}`))) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const { tokenId, resourceId, resourceType, resourceInternalId, iat, exp } = claims;
      if (typeof tokenId !== 'string' || typeof resourceId !== 'string' || typeof resourceType !== 'string' || typeof resourceInternalId !== 'string' || typeof iat !== 'number') return null;
      if (exp !== undefined && (typeof exp !== 'number' || (exp + LEEWAY_SECONDS) * 1000 <= nowMs)) return null;
      return { tokenId, resourceId, resourceType, resourceInternalId, iat, ...(exp === undefined ? {} : { exp }) };
    } catch {
      return null;
    }
  }
}
