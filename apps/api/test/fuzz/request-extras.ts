/**
 * What a request carries besides its declared parameters, good and bad: the project id, the
 * way a session travels, odd headers (bad Content-Range, cookies, X-Fallback-Cookies junk, forged
 * keys and JWTs), extra query-string pairs (duplicate keys), and bodies that are not what the
 * route reads (wrong Content-Type, broken or 10,000-level JSON, 10 MB, broken multipart).
 */
import fc from 'fast-check';
import { RawText } from './fuzz-values.ts';
import { BAD_ESCAPES, DEEP_JSON, hostileUrlText } from './hostile-values.ts';

export type Caller = 'guest' | 'user' | 'key';
/** How the user's session is sent: the cookie, its `_legacy` twin, X-Appwrite-Session, X-Fallback-Cookies (the SDK's way without cookies), or a JWT made from it. */
export type SessionChannel = 'cookie' | 'legacy-cookie' | 'header' | 'fallback' | 'jwt';

export const caller: fc.Arbitrary<Caller> = fc.constantFrom('guest', 'user', 'user', 'key');
export const sessionChannel: fc.Arbitrary<SessionChannel> = fc.constantFrom('cookie', 'cookie', 'cookie', 'legacy-cookie', 'header', 'fallback', 'jwt');

/** The project id: in its header (almost always), as `?project=`, missing, wrong, or two different ones. */
export type ProjectChoice = { kind: 'header' } | { kind: 'query' } | { kind: 'none' } | { kind: 'wrong'; value: string } | { kind: 'conflict' };

export const projectChoice: fc.Arbitrary<ProjectChoice> = fc.oneof(
  { weight: 20, arbitrary: fc.constant({ kind: 'header' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'query' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'conflict' as const }) },
  { weight: 2, arbitrary: fc.constantFrom('other-project', ' ', 'ballot-atlas\u00ff', 'x'.repeat(300), '../test-project', 'test-project ').map((value) => ({ kind: 'wrong' as const, value })) },
);

/** Header text Node's client sends as is (no CR/LF or other control characters; latin-1 above 0x7f). */
const headerText = fc.string({ unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((code) => String.fromCharCode(code)), maxLength: 60 });

const forgedToken = Buffer.from(JSON.stringify({ id: 'fuzz-user-1', secret: 'not-the-secret' })).toString('base64');

/** Odd headers, each in a small share of requests. Values that need the project id use `{project}`. */
const oddHeaderValues: Record<string, fc.Arbitrary<string>> = {
  'content-range': fc.oneof(fc.constantFrom('bytes 0-9/10', 'bytes 0-0/0', 'bytes 5-2/10', 'bytes 0-5242879/99999999999999999999', 'bytes -1-3/4', 'bytes */10', 'bytes 0-9/5', 'bytes 10-19/20', 'garbage', 'bytes=0-9/10', ''), headerText),
  'x-appwrite-id': fc.oneof(fc.constantFrom('unique()', '../x', 'fuzz-photos-1', 'a'.repeat(37), ''), headerText),
  cookie: fc.oneof(
    fc.constantFrom('a_session_{project}=garbage', 'a_session_{project}=%FF%FE', `a_session_{project}=${forgedToken}`, 'a_session_{project}_legacy=x; a_session_{project}=', '=;;=;', ';;;', 'a_session_{project}="unterminated', `big=${'x'.repeat(8_000)}`),
    headerText.map((text) => `a_session_{project}=${text}`),
  ),
  'x-fallback-cookies': fc.oneof(fc.constantFrom('{', '[]', 'null', '"x"', '{"a_session_{project}": 5}', '{"a_session_{project}": {"$ne": null}}', '{"__proto__": {"a_session_{project}": "x"}}', `{"a_session_{project}": "${forgedToken}"}`, '{"a_session_{project}": ""}'), headerText),
  'x-appwrite-key': fc.constantFrom('wrong-key', 'standard_abc', 'x'.repeat(5_000), ' '),
  'x-appwrite-jwt': fc.oneof(fc.constantFrom('a.b.c', 'eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiJ4In0.', '...', 'x'.repeat(4_000)), headerText),
  'x-appwrite-session': fc.oneof(fc.constantFrom(forgedToken, '%FF', 'null'), headerText),
  'x-appwrite-locale': fc.oneof(fc.constantFrom('fr', 'xx', '../../etc', ''), headerText),
  range: fc.constantFrom('bytes=0-3', 'bytes=5-1', 'bytes=999999999-', 'bytes=-0', 'bytes=0-1,2-3', 'lines=1-2', 'bytes=a-b'),
  origin: fc.constantFrom('http://evil.test', 'null', 'http://allowed.test', 'file://'),
  'if-none-match': fc.constantFrom('*', '"x"', 'W/"', ''),
  'x-forwarded-for': fc.oneof(fc.constantFrom('1.2.3.4', '::1', '999.1.1.1', 'unknown, 1.1.1.1'), headerText),
  'user-agent': fc.oneof(fc.constant(`Mozilla/5.0 ${'A'.repeat(8_000)}`), headerText),
  'accept-encoding': fc.constantFrom('gzip', 'br;q=2', '*;q=0', 'identity;q=0'),
};

export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(Object.fromEntries(Object.entries(oddHeaderValues).map(([name, value]) => [name, fc.oneof({ weight: 24, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value })])) as Record<string, fc.Arbitrary<string | undefined>>)
  .map((record) => Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined)));

/** Extra `key=value` text for the query string: a declared name again (a duplicate key), `project` again, junk. */
export function extraQuery(names: readonly string[]): fc.Arbitrary<RawText[]> {
  const key = fc.constantFrom(...names, 'project', 'queries[]', 'queries[0]', 'queries[x]', '__proto__', '__proto__[x]', 'constructor[prototype][x]', '', 'a[]', 'a[][]');
  const value = fc.oneof(fc.constantFrom('1', '', 'x', 'true', '[]', '{"method":"limit","values":[1]}'), hostileUrlText.map((raw) => raw.text));
  const pair = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(key, value).map(([k, v]) => new RawText(`${encodeURIComponent(k)}=${v}`)) },
    { weight: 1, arbitrary: fc.constantFrom('&&&', '=x', '==', 'a', '%', ...BAD_ESCAPES).map((text) => new RawText(text)) },
  );
  return fc.array(pair, { maxLength: 3 });
}

/** How a route with body parameters gets them. */
export type BodyForm =
  | { kind: 'json'; contentType: string | undefined }
  | { kind: 'form' }
  | { kind: 'raw'; contentType: string | undefined; body: RawBody };

export type RawBody = 'broken-json' | 'deep-array' | 'deep-object' | 'top-level-array' | 'top-level-string' | 'empty' | 'ten-megabytes' | 'invalid-utf8' | 'nul-bytes' | 'xml';

export const RAW_BODIES: Record<RawBody, () => Buffer> = {
  'broken-json': () => Buffer.from('{"documentId": "x", "data": {'),
  'deep-array': () => Buffer.from(DEEP_JSON[0]!.text),
  'deep-object': () => Buffer.from(DEEP_JSON[1]!.text),
  'top-level-array': () => Buffer.from('[{"name": "x"}]'),
  'top-level-string': () => Buffer.from('"x"'),
  empty: () => Buffer.alloc(0),
  'ten-megabytes': () => Buffer.alloc(10 * 1024 * 1024, 0x61),
  'invalid-utf8': () => Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  'nul-bytes': () => Buffer.from('{"name": "a\u0000b"}\u0000\u0000'),
  xml: () => Buffer.from('<document/>'),
};

const bodyContentType = fc.constantFrom<string | undefined>('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', 'application/json; charset=latin1', 'APPLICATION/JSON', '', undefined, 'application/json, text/plain', '*/*');

const rawContentType = fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: bodyContentType });

export const bodyForm: fc.Arbitrary<BodyForm> = fc.oneof(
  { weight: 200, arbitrary: fc.constant({ kind: 'json' as const, contentType: 'application/json' }) },
  { weight: 20, arbitrary: bodyContentType.map((contentType) => ({ kind: 'json' as const, contentType })) },
  { weight: 20, arbitrary: fc.constant({ kind: 'form' as const }) },
  {
    weight: 30,
    arbitrary: fc
      .tuple(fc.constantFrom<RawBody>('broken-json', 'deep-array', 'deep-object', 'top-level-array', 'top-level-string', 'empty', 'empty', 'invalid-utf8', 'nul-bytes', 'xml'), rawContentType)
      .map(([body, contentType]) => ({ kind: 'raw' as const, contentType, body })),
  },
  // 10 MB each: rare, or they would be most of the bytes sent.
  { weight: 1, arbitrary: rawContentType.map((contentType) => ({ kind: 'raw' as const, contentType, body: 'ten-megabytes' as const })) },
);

/** A multipart upload as sent, and the ways it can be broken. */
export type MultipartVariant = 'ok' | 'no-boundary' | 'part-without-headers' | 'truncated' | 'wrong-boundary' | 'no-file' | 'two-files' | 'file-first' | 'not-multipart' | 'no-final-boundary';
export type FileBytes = 'png' | 'text' | 'empty' | 'svg-script' | 'six-megabytes';

/**
 * The chunk a multipart upload claims to be (`Content-Range`, with `X-Appwrite-Id` for the
 * chunks after the first): none, the whole file, the first or second of two, past the end, or junk.
 */
export type ChunkClaim = 'none' | 'whole' | 'first-of-two' | 'second-of-two' | 'beyond-total' | 'overlapping' | 'garbage';

export interface MultipartForm {
  variant: MultipartVariant;
  filename: string;
  bytes: FileBytes;
  chunk: ChunkClaim;
}

export const multipartForm: fc.Arbitrary<MultipartForm> = fc.record({
  variant: fc.oneof({ weight: 12, arbitrary: fc.constant<MultipartVariant>('ok') }, { weight: 6, arbitrary: fc.constantFrom<MultipartVariant>('no-boundary', 'part-without-headers', 'truncated', 'wrong-boundary', 'no-file', 'two-files', 'file-first', 'not-multipart', 'no-final-boundary') }),
  filename: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('photo.png', 'notes.txt', 'report.pdf', 'photo.PNG') }, { weight: 2, arbitrary: fc.constantFrom('', '../../../etc/passwd', 'a\u0000.png', `${'x'.repeat(300)}.png`, 'évil "name".png', 'no-extension', '.png', 'photo.png.exe') }),
  bytes: fc.oneof({ weight: 12, arbitrary: fc.constantFrom<FileBytes>('png', 'text', 'text') }, { weight: 2, arbitrary: fc.constantFrom<FileBytes>('empty', 'svg-script') }, { weight: 1, arbitrary: fc.constant<FileBytes>('six-megabytes') }),
  chunk: fc.oneof({ weight: 6, arbitrary: fc.constant<ChunkClaim>('none') }, { weight: 4, arbitrary: fc.constantFrom<ChunkClaim>('whole', 'first-of-two', 'second-of-two', 'beyond-total', 'overlapping', 'garbage') }),
});

/** For routes that answer bytes: a `Range` header now and then, satisfiable or not. */
export const byteRange: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom('bytes=0-3', 'bytes=2-', 'bytes=-5', 'bytes=0-0') },
  { weight: 2, arbitrary: fc.constantFrom('bytes=5-1', 'bytes=999999999-', 'bytes=-0', 'bytes=0-1,2-3', 'lines=1-2', 'bytes=a-b', 'bytes=', 'bytes=-99999999999999999999') },
);
