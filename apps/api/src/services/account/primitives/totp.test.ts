import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createTotpSecret, totpCode, totpUri, verifyTotp } from './totp.ts';

/** RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890". */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_SHA1_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const STEP_MS = 30_000;

describe('RFC 6238 test vectors (SHA-1)', () => {
  it('the base32 secret is the RFC seed', () => {
    expect(Secret.fromLatin1('12345678901234567890').base32).toBe(RFC_SECRET);
  });

  it.each(RFC_SHA1_VECTORS)('at T=%i the 8-digit code is %s', (seconds, code) => {
    const eightDigits = new TOTP({ secret: Secret.fromBase32(RFC_SECRET), algorithm: 'SHA1', digits: 8, period: 30 });
    expect(eightDigits.generate({ timestamp: seconds * 1000 })).toBe(code);
  });

  it.each(RFC_SHA1_VECTORS)('at T=%i totpCode gives the last six digits of %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
    expect(verifyTotp(RFC_SECRET, code.slice(-6), seconds * 1000)).toBe(true);
  });
});

describe('verifyTotp', () => {
  const now = 1_700_000_015_000;

  it('accepts the code of the current step and of one step either side', () => {
    for (const offset of [-1, 0, 1]) expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now + offset * STEP_MS), now)).toBe(true);
  });

  it('rejects codes two steps away', () => {
    for (const offset of [-2, 2]) expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now + offset * STEP_MS), now)).toBe(false);
  });

  it('rejects anything that is not exactly six digits', () => {
    const code = totpCode(RFC_SECRET, now);
    for (const bad of ['', ` ${code}`, `${code} `, `${code}0`, code.slice(1), '12 456', 'abcdef', '１２３４５６']) {
      expect(verifyTotp(RFC_SECRET, bad, now)).toBe(false);
    }
  });

  it('rejects the code of another secret', () => {
    const other = Secret.fromLatin1('another twenty bytes').base32;
    expect(verifyTotp(RFC_SECRET, totpCode(other, now), now)).toBe(false);
  });

  it('uses the current time by default', () => {
    const secret = createTotpSecret();
    expect(verifyTotp(secret, totpCode(secret))).toBe(true);
  });
});

describe('createTotpSecret', () => {
  it('is 20 random bytes in base32 (32 characters, no padding)', () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(createTotpSecret()).not.toBe(secret);
  });
});

describe('totpUri', () => {
  it('is an otpauth://totp URI with the label, secret, issuer and RFC parameters', () => {
    const uri = new URL(totpUri({ secret: RFC_SECRET, label: 'ada@example.com', issuer: 'Ballot Atlas' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toContain('ada@example.com');
    expect(uri.searchParams.get('secret')).toBe(RFC_SECRET);
    expect(uri.searchParams.get('issuer')).toBe('Ballot Atlas');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
