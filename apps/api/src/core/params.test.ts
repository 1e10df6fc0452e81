import { describe, expect, it } from 'vitest';
import { param } from './params.ts';

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let level = 1; level < depth; level++) value = { a: value };
  return value;
}

describe('param.string and param.strings', () => {
  const text = param.string({ required: true, max: 16, description: 'text' }).schema;
  const texts = param.strings({ required: true, description: 'texts' }).schema;

  it('accept any well-formed text within the length', () => {
    for (const value of ['', 'Ada', 'côte d’Ivoire', '🗳️ vote', '\t\r\n']) expect(text.safeParse(value).success, value).toBe(true);
    expect(texts.safeParse(['a', 'ünï']).success).toBe(true);
  });

  // Found by the API fuzz: PATCH /account/name with "a\u0000b" was a 500 on PostgreSQL, which cannot store NUL;
  // documents already refused it (and lone surrogates, which the engines would silently replace).
  it('refuse NUL and lone surrogates, as document attributes do', () => {
    for (const value of ['a\u0000b', '\u0000', 'x\uD800', '\uDFFFy']) {
      expect(text.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(texts.safeParse(['ok', value]).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe('param.prefs', () => {
  const prefs = param.prefs({ required: true, description: 'preferences' }).schema;

  it('accepts an object nested 512 levels deep', () => {
    expect(prefs.safeParse(nested(512)).success).toBe(true);
  });

  // Found by the API fuzz: JSON.stringify of the size check overflowed the stack, a 500 from PATCH /account/prefs and PUT /teams/{id}/prefs.
  it('refuses deeper objects, however deep, as invalid rather than throwing', () => {
    for (const depth of [513, 10_000, 100_000]) {
      const result = prefs.safeParse(nested(depth));
      expect(result.success, `depth ${depth}`).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/nested at most 512 levels/);
    }
  });

  it('refuses more than 64 KiB of JSON', () => {
    expect(prefs.safeParse({ k: 'x'.repeat(65_536 - 8) }).success).toBe(true);
    expect(prefs.safeParse({ k: 'x'.repeat(65_536 - 7) }).success).toBe(false);
  });
});
