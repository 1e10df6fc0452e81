import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** `length` decimal digits, each uniform (for OTP codes; leading zeros kept). */
export function randomDigits(length: number): string {
  let digits = '';
  for (let i = 0; i < length; i++) digits += randomInt(10).toString();
  return digits;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Compares two secrets in time that depends on neither their content nor their lengths:
 * timingSafeEqual needs equal lengths, so it compares the SHA-256 digests instead of the values.
 */
export function sameSecret(a: string, b: string): boolean {
  const digestA = createHash('sha256').update(a).digest();
  const digestB = createHash('sha256').update(b).digest();
  return timingSafeEqual(digestA, digestB);
}

export interface SessionToken {
  id: string;
  secret: string;
}

/** Appwrite's session token (cookie, X-Appwrite-Session, fallback cookie): base64 of `{"id","secret"}`. */
export function encodeSessionToken(userId: string, secret: string): string {
  return Buffer.from(JSON.stringify({ id: userId, secret }), 'utf8').toString('base64');
}

/** The user id and secret in a session token, or null for anything that is not one. */
export function decodeSessionToken(token: string): SessionToken | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof decoded !== 'object' || decoded === null) return null;
  const { id, secret } = decoded as Record<string, unknown>;
  if (typeof id !== 'string' || typeof secret !== 'string' || id === '' || secret === '') return null;
  return { id, secret };
}
