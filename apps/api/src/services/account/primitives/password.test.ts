import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_MAX, verifyPassword } from './password.ts';

describe('hashPassword', () => {
  it('produces a salted argon2id PHC string with the library defaults', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and rejects others', async () => {
    const hash = await hashPassword('p4ssw0rd!');
    expect(await verifyPassword(hash, 'p4ssw0rd!')).toBe(true);
    expect(await verifyPassword(hash, 'p4ssw0rd?')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('handles the longest allowed password', async () => {
    const longest = 'é'.repeat(PASSWORD_MAX);
    expect(await verifyPassword(await hashPassword(longest), longest)).toBe(true);
  });

  it('returns false for a user without a password, after doing the same work as a real check', async () => {
    const hash = await hashPassword('p4ssw0rd!');
    await verifyPassword(null, 'warm-up');
    const timed = async (check: () => Promise<boolean>) => {
      const start = performance.now();
      const result = await check();
      return { result, ms: performance.now() - start };
    };
    const real = await timed(() => verifyPassword(hash, 'wrong password'));
    const missing = await timed(() => verifyPassword(null, 'wrong password'));
    expect(missing.result).toBe(false);
    expect(real.result).toBe(false);
    // Both run one argon2 verification; a skipped one would take well under a millisecond.
    expect(missing.ms).toBeGreaterThan(real.ms / 10);
  });
});
