import { hash, verify } from '@node-rs/argon2';
import { randomHex } from './secrets.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/**
 * An argon2id PHC string. The library's defaults (argon2id, m=19456 KiB, t=2, p=1) are OWASP's
 * recommended minimum; Appwrite's own parameters (m=2048, t=4, p=3) are weaker, and hashes carry their
 * parameters, so nothing else needs to agree on them.
 */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `plain` matches `hash`. A user without a password (`hash` null) is checked against a dummy
 * hash of a random password, so "no such user / no password" costs as much as a wrong password and
 * response times do not reveal which accounts exist.
 */
export async function verifyPassword(hash: string | null, plain: string): Promise<boolean> {
  if (hash !== null) return verify(hash, plain);
  dummyHash ??= hashPassword(randomHex(32));
  await verify(await dummyHash, plain);
  return false;
}
