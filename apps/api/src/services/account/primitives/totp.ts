import { Secret, TOTP } from 'otpauth';

/** What authenticator apps assume and Appwrite uses (RFC 6238 defaults). */
const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
const SIX_DIGITS = /^\d{6}$/;

function totp(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), label, issuer, algorithm: ALGORITHM, digits: DIGITS, period: PERIOD_SECONDS });
}

/** A new base32 TOTP secret of 20 random bytes (the SHA-1 block-friendly size RFC 4226 recommends). */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` provisioning URI an authenticator app scans (MfaType.uri). */
export function totpUri({ secret, label, issuer }: { secret: string; label: string; issuer: string }): string {
  return totp(secret, label, issuer).toString();
}

/** Whether `code` is the 6-digit code of the current, previous or next 30-second step. */
export function verifyTotp(secret: string, code: string, now = Date.now()): boolean {
  if (!SIX_DIGITS.test(code)) return false;
  return totp(secret).validate({ token: code, timestamp: now, window: 1 }) !== null;
}

/** The 6-digit code at `now`, as an authenticator app would show it. */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}
