import { randomBytes } from 'node:crypto';

export const ID_MAX_LENGTH = 36;
const idPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

export const CUSTOM_ID_DESCRIPTION =
  "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char";
export const UID_DESCRIPTION =
  "UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, and underscore. Can't start with a leading underscore";

/** True for an id the client may choose: ≤ 36 chars of [A-Za-z0-9._-], not starting with a special char. */
export function isValidId(value: string): boolean {
  return idPattern.test(value);
}

/** Server-side `uniqid()` + 7 random hex chars: 20 chars, roughly time-ordered. */
export function uniqueId(now: number = Date.now()): string {
  const micros = Math.floor((now % 1000) * 1000 + Math.random() * 1000) % 1_000_000;
  const seconds = Math.floor(now / 1000).toString(16).padStart(8, '0');
  return seconds + micros.toString(16).padStart(5, '0') + randomBytes(4).toString('hex').slice(0, 7);
}

/** `unique()` is the placeholder older SDKs send for "generate one for me". */
export function resolveNewId(value: string): string {
  return value === 'unique()' ? uniqueId() : value;
}
