import { describe, expect, it } from 'vitest';
import { decodeSessionToken, encodeSessionToken, randomDigits, randomHex, sameSecret, sha256Hex } from './secrets.ts';

describe('randomHex', () => {
  it('gives two lower-case hex characters per byte, fresh each call', () => {
    expect(randomHex(128)).toMatch(/^[0-9a-f]{256}$/);
    expect(randomHex(32)).not.toBe(randomHex(32));
  });
});

describe('randomDigits', () => {
  it('gives exactly the requested number of decimal digits', () => {
    for (let i = 0; i < 200; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });

  it('uses every digit in every position, leading zeros included', () => {
    const seen = Array.from({ length: 6 }, () => new Set<string>());
    for (let i = 0; i < 2000; i++) [...randomDigits(6)].forEach((digit, position) => seen[position]!.add(digit));
    for (const digits of seen) expect(digits.size).toBe(10);
  });
});

describe('sha256Hex', () => {
  it('matches the published digest of "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('sameSecret', () => {
  it('is true only for identical strings', () => {
    expect(sameSecret('s3cret', 's3cret')).toBe(true);
    expect(sameSecret('s3cret', 's3creT')).toBe(false);
    expect(sameSecret('', '')).toBe(true);
  });

  it('accepts strings of different lengths without throwing', () => {
    expect(sameSecret('short', 'a much longer secret')).toBe(false);
    expect(sameSecret('', 'x')).toBe(false);
  });
});

describe('session tokens', () => {
  it("encode Appwrite's base64 JSON {id, secret}", () => {
    const token = encodeSessionToken('user1', 'abc123');
    expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toEqual({ id: 'user1', secret: 'abc123' });
  });

  it('decode what they encode', () => {
    const secret = randomHex(128);
    expect(decodeSessionToken(encodeSessionToken('user.1', secret))).toEqual({ id: 'user.1', secret });
  });

  it.each([
    ['the empty string', ''],
    ['not base64 JSON', 'not a token'],
    ['JSON null', Buffer.from('null').toString('base64')],
    ['a JSON string', Buffer.from('"x"').toString('base64')],
    ['a JSON array', Buffer.from('["u","s"]').toString('base64')],
    ['a missing secret', Buffer.from('{"id":"u"}').toString('base64')],
    ['a numeric id', Buffer.from('{"id":1,"secret":"s"}').toString('base64')],
    ['an empty secret', Buffer.from('{"id":"u","secret":""}').toString('base64')],
    ['truncated JSON', Buffer.from('{"id":"u","secret":"s"').toString('base64')],
  ])('decode %s to null', (_case, token) => {
    expect(decodeSessionToken(token)).toBeNull();
  });
});
