/**
 * Values no well-behaved client sends, for any parameter: the wrong JSON type, NUL bytes, lone
 * surrogates, 1 MB strings, JSON 10,000 levels deep, odd ids (`../x`, `..%2F`, 10 KB, unicode),
 * and — where the value goes into the URL — percent-escapes that are not UTF-8.
 */
import fc from 'fast-check';
import { RawText } from './fuzz-values.ts';

const MEGABYTE = 1024 * 1024;
const DEPTH = 10_000;

/** Ids and names that try to escape, collide or confuse. */
const ODD_IDS = [
  '../x', '..', '.', '..%2F', '%2e%2e%2f', 'a/b', 'a\\b', '_teams', '_files', '$id', 'unique()', '__proto__', 'constructor', 'prototype', 'toString',
  'ünïcödé', '𝕏𝕏𝕏', 'a'.repeat(36), 'a'.repeat(37), 'x'.repeat(10_240), 'CON', '-x', '.x', 'x.', 'a b', '',
];

const HOSTILE_STRINGS = [
  ...ODD_IDS,
  'a\u0000b', '\u0000', '\uD800', 'x\uDFFFy', '\u202Eevil', '🗳️', 'C\u0301', '\uFEFF', '%', '%FF', ' ', '\t', '\r\n', '<script>alert(1)</script>',
  "' OR 1=1 --", '"; drop table main_items; --', '${7*7}', '{{7*7}}', 'NaN', 'Infinity', '-1', '0'.repeat(300), 'null', 'true', '[]', '{}',
  // Full-text and LIKE syntax: quotes, operators, column filters, wildcards.
  '"', 'a"b', '*', 'a*', '^x', 'NEAR(a b)', 'a AND', 'OR', 'NOT x', 'title:x', '-x', '+x', '(x', 'x)', '%_', '_', '\\%', "a'b",
  // Case mapping that changes length or meets another letter: İ, ß, ﬁ, Kelvin sign.
  'İSTANBUL@EXAMPLE.ORG', 'straße', 'ﬁle', '\u212Aelvin',
];

/** Any string, lone surrogates and control characters included. */
const anyString = fc.string({ unit: 'binary', maxLength: 40 });

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 50, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 25, arbitrary: anyString },
  { weight: 1, arbitrary: fc.constant('m'.repeat(MEGABYTE)) },
);

/** JSON nested 10,000 levels deep (text: no serializer needs to recurse to send it). */
export const DEEP_JSON = [new RawText(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`), new RawText(`${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`)];

const wrongTypes = fc.constantFrom<unknown>(
  null, 0, -1, 1.5, true, false, [], [[]], {}, { $id: 'x' }, ['a', 1, null], { a: { b: { c: [] } } },
  new RawText('1e309'), new RawText('-0'), new RawText('9007199254740993'), new RawText('1e-400'),
);

const bigArrays = fc.constantFrom<unknown>(Array.from({ length: 10_000 }, () => 'x'), Array.from({ length: 1_000 }, () => ({})), Array.from({ length: 501 }, (_, n) => n));

const prototypeKeys = fc.constantFrom<unknown>(new RawText('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } }, { toString: null, valueOf: 1, hasOwnProperty: 'x' });

/** A hostile value for a parameter whose value is sent as JSON (body) or as text (query). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: wrongTypes },
  { weight: 8, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(...DEEP_JSON) },
  { weight: 1, arbitrary: bigArrays },
  { weight: 1, arbitrary: prototypeKeys },
  { weight: 2, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
);

/** Percent-escapes that do not decode to UTF-8 (lone surrogates, overlong forms, stray bytes) and other URL trouble. */
export const BAD_ESCAPES = ['%FF', '%ED%A0%80', '%ED%BF%BF', '%C0%AF', '%E0%A4%A', '%F4%90%80%80', '%EF%BF%BE', '%', '%zz', '%%', 'a%00b', '%00', '%0D%0A', '%2F', '%5C'];

const escapedBytes = fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));

/** Text for the query string or a path segment, inserted without further escaping. */
export const hostileUrlText: fc.Arbitrary<RawText> = fc
  .oneof(
    { weight: 6, arbitrary: fc.constantFrom(...BAD_ESCAPES) },
    { weight: 3, arbitrary: escapedBytes },
    { weight: 1, arbitrary: fc.constantFrom('%FF'.repeat(3_000), 'a'.repeat(10_240)) },
  )
  .map((text) => new RawText(text));

/** Path segments that try to climb out or change the route: sent unescaped. */
export const hostileSegment: fc.Arbitrary<RawText> = fc
  .oneof(
    { weight: 4, arbitrary: fc.constantFrom('..', '.', '../x', '..%2F', '%2e%2e%2fx', '%2e%2e', 'a%2Fb', '..\\x', '~', 'a;b=c', '*', '%20', 'x'.repeat(10_240), '..%2F..%2F..%2Fetc%2Fpasswd') },
    { weight: 2, arbitrary: hostileUrlText.map((raw) => raw.text) },
  )
  .map((text) => new RawText(text));
