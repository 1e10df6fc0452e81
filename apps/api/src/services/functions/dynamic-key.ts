import { createHmac } from 'node:crypto';
import { sameSecret } from '../account/primitives/secrets.ts';

/** Appwrite 1.6's prefix of a key made for one execution (HEAD spells it `ephemeral_`; both are read). */
export const DYNAMIC_KEY_PREFIX = 'dynamic_';
const PREFIXES = [DYNAMIC_KEY_PREFIX, 'ephemeral_'];

const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })).toString('base64url');

export type DynamicKeyCheck = { valid: true; scopes: string[] } | { valid: false };

/**
 * Appwrite's dynamic key: an HS256 token naming the project and the function's scopes, valid for
 * the function's timeout plus a minute, sent to the function as `x-appwrite-key`. Signed with a
 * key of its own derived from the server secret, so it can never pass for a user JWT.
 */
export class DynamicKeys {
  private readonly signingKey: string;
  private readonly projectId: string;

  constructor(serverSecret: string, projectId: string) {
    this.signingKey = createHmac('sha256', serverSecret).update('function dynamic keys').digest('hex');
    this.projectId = projectId;
  }

  private signature(input: string): string {
    return createHmac('sha256', this.signingKey).update(input).digest('base64url');
  }

  issue(scopes: readonly string[], lifetimeSeconds: number, nowMs = Date.now()): string {
    const issuedAt = Math.floor(nowMs / 1000);
    const payload = Buffer.from(JSON.stringify({ projectId: this.projectId, scopes, iat: issuedAt, exp: issuedAt + lifetimeSeconds })).toString('base64url');
    const input = `${header}.${payload}`;
    return `${DYNAMIC_KEY_PREFIX}${input}.${this.signature(input)}`;
  }

  /** True when `key` is shaped like a dynamic key (whether or not it is valid). */
  static claims(key: string): boolean {
    return PREFIXES.some((prefix) => key.startsWith(prefix));
  }

  /** The scopes of a valid, unexpired key for this project. */
  check(key: string, nowMs = Date.now()): DynamicKeyCheck {
    const token = key.slice(key.indexOf('_') + 1);
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== header) return { valid: false };
    const [, payload, given] = parts as [string, string, string];
    if (!sameSecret(given, this.signature(`${header}.${payload}`))) return { valid: false };
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const scopes = claims['scopes'];
      if (claims['projectId'] !== this.projectId || typeof claims['exp'] !== 'number' || !Array.isArray(scopes)) return { valid: false };
      if (claims['exp'] * 1000 <= nowMs) return { valid: false };
      return { valid: true, scopes: scopes.filter((scope): scope is string => typeof scope === 'string') };
    } catch {
      return { valid: false };
    }
  }
}
