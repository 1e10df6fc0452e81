/**
 * Property-based fuzzing of the web site (issue 11, item 1, the site's half): fast-check builds
 * hostile requests from the site's own route table — every URL pattern of lib/urls.ts with bad
 * segments (invalid UTF-8 escapes, NUL, 10 KB, `..`, separator words), query strings, cookies
 * (language, colour mode, session garbage), headers (Accept-Language, User-Agent, forwarding) and
 * the form bodies of every action (wrong content types, broken multipart, huge fields, repeated
 * fields) — as a guest, a signed-in user and an editor. The property: never a 5xx, never a stack
 * trace, and a 404 page is the seed's 404 page (fatal or not) with the real status.
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { CONSOLE_PATH } from '../../../apps/web/app/lib/console/paths.ts';
import { patterns, staticPaths } from '../../../apps/web/app/lib/urls.ts';
import { OperatorApi, q, type ApiTarget } from './api.ts';

export const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

export interface FuzzRequest {
  method: string;
  /** Sent as is: percent-escapes, `..` and bytes above 0x7f included. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  durationMs: number;
}

/** Real slugs and ids of the seeded directory, mixed into hostile URLs so loaders go deep. */
export interface FuzzWorld {
  slugs: string[];
  ids: string[];
  /** Cookie headers of a signed-in user and of an editor (member of `editors`). */
  userCookie: string;
  editorCookie: string;
}

// ---------------------------------------------------------------------------------------------
// Building blocks

const percent = (bytes: Uint8Array): string => [...bytes].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** Any text, UTF-8 encoded then percent-escaped (lone surrogates become U+FFFD, as a browser would send them). */
const escapedText = fc.string({ unit: 'binary', maxLength: 40 }).map((text) => percent(Buffer.from(text, 'utf8')));

/** Bytes that are mostly not UTF-8. */
const escapedBytes = fc.uint8Array({ minLength: 1, maxLength: 12 }).map(percent);

/** Printable ASCII sent unescaped (`"<>\\^\`{|}` and friends), as a hand-made request would. */
const rawPathText = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 30 }).filter((text) => !text.includes('?') && !text.includes('#'));

/** Bytes above 0x7F sent raw (a browser escapes them): Node's HTTP parser refuses most such requests. */
const rawHighBytes = fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 8 });

const SEPARATOR_WORDS = ['-region', '-from-', '-candidates-of-the-', '-in-', '-sub-region-of-', 'Sub-regions-in-', 'ElectoralArea-in-', '-Candidates-of-', 'Districts-in-', 'Electoral-Area-in-', 'national', 'All'];

const NASTY = [
  '%ED%A0%80', '%FF', '%00', 'a%00b', '%0D%0A', '%C0%AF', '%E0%A4%A', '%', '%%', '%zz', '%2F', '%2e%2e', '..', '.', '%5C', '\\', '//',
  '__proto__', 'constructor', 'prototype', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '%22%3E%3Cimg%20src%3Dx%3E', "'%20OR%201=1--", '${7*7}', '{{7*7}}',
  '%F0%9F%97%B3%EF%B8%8F', 'c%C3%B4te', 'C%CC%81', '%EF%BB%BF', '%E2%80%AE', 'NaN', '-1', '0', '1e309', 'null', 'undefined', 'true', '[]', '{}',
];

const LONG = [`${'a'.repeat(10_240)}`, `${'%FF'.repeat(2_000)}`, `${'-in-'.repeat(400)}x`, `${'a-from-'.repeat(300)}b`, `${'%00'.repeat(3_000)}`];

/** One path segment: real, hostile, or both joined (so separator words meet real slugs). */
function segment(world: FuzzWorld): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom(...world.slugs, ...world.ids).map(encodeURIComponent) },
    { weight: 20, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 10, arbitrary: fc.constantFrom(...SEPARATOR_WORDS) },
    { weight: 10, arbitrary: escapedText },
    { weight: 10, arbitrary: escapedBytes },
    { weight: 5, arbitrary: rawPathText },
    { weight: 1, arbitrary: rawHighBytes },
    { weight: 5, arbitrary: fc.constantFrom(...LONG) },
  );
  return fc.array(piece, { minLength: 1, maxLength: 3 }).map((pieces) => pieces.join(''));
}

/** Every URL pattern of lib/urls.ts, its `{params}` filled with segments. */
function patternPath(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.constantFrom(...Object.values(patterns)).chain((template) => {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    return fc.tuple(...names.map(() => segment(world))).map((values) => {
      let index = 0;
      return template.replace(/\{\w+\}/g, () => values[index++]!);
    });
  });
}

const CONSOLE_PATHS = [CONSOLE_PATH, `${CONSOLE_PATH}/messages`, `${CONSOLE_PATH}/team`, `${CONSOLE_PATH}/candidates`, `${CONSOLE_PATH}/parties/new`, `${CONSOLE_PATH}/regions`];
const RESOURCE_PATHS = ['/sitemap.xml', '/robots.txt', '/builds/latest.json', '/eventCalendar.ics', '/favicon.ico', '/favicon.svg', '/assets/none.js', '/set-language', '/signout'];
const STATIC_PATHS = [...Object.values(staticPaths), ...RESOURCE_PATHS, ...CONSOLE_PATHS];

function pagePath(world: FuzzWorld): fc.Arbitrary<string> {
  const seg = segment(world);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...STATIC_PATHS) },
    { weight: 5, arbitrary: patternPath(world) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...STATIC_PATHS), seg).map(([path, extra]) => `${path}/${extra}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...CONSOLE_PATHS), seg).map(([path, extra]) => `${path}/${extra}`) },
    { weight: 1, arbitrary: seg.map((value) => `/events/${value}.ics`) },
    { weight: 1, arbitrary: seg.map((value) => `/sitemap/${value}`) },
    { weight: 1, arbitrary: seg.map((value) => `/builds/meta/${value}`) },
    { weight: 1, arbitrary: fc.array(seg, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`) },
  );
}

/** React Router's data requests (`/x.data`, `/_root.data`) as well as documents. */
function withDataSuffix(path: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(path, fc.constantFrom('', '', '', '', '.data', '/_root.data')).map(([base, suffix]) => (suffix === '/_root.data' ? suffix : `${base === '/' ? '/_root' : base}${suffix}`));
}

const QUERY_KEYS = ['q', 'page', 'region', 'office', 'party', 'election', 'view', 'month', 'kind', 'next', 'notice', 'sent', 'userId', 'secret', 'expire', 'error', 'teamId', 'membershipId', 'email', 'factor', 'sort', 'order', 'type', 'status', '_routes', '_data', 'index', '__proto__', 'queries[]'];

function queryString(world: FuzzWorld): fc.Arbitrary<string> {
  const value = fc.oneof(segment(world), fc.constantFrom('', '2026-13', '0000-00', '999999999999', '-5', 'list', 'month', '/', '//evil.test', 'https://evil.test', 'javascript:alert(1)', '%'));
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), escapedText), value).map(([key, v]) => `${key}=${v}`);
  return fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

/** Header text Node sends as it is (no CR/LF; 0x20–0x7E and 0x80–0xFF). */
const headerText = fc.string({ unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((code) => String.fromCharCode(code)), maxLength: 60 });

function cookieHeader(world: FuzzWorld): fc.Arbitrary<string | undefined> {
  const value = fc.oneof(fc.constantFrom(...NASTY, 'en', 'fr', 'sw', 'xx', 'dark', 'light', 'system', '', '"quoted"', '"', '=', 'a=b'), headerText.map((text) => text.replace(/;/g, '')));
  const pair = fc.oneof(
    value.map((v) => `lang=${v}`),
    value.map((v) => `color-mode=${v}`),
    value.map((v) => `a_session_ballot-atlas=${v}`),
    value.map((v) => `a_session_ballot-atlas_legacy=${v}`),
    fc.tuple(headerText.map((text) => text.replace(/[;=]/g, '')), value).map(([name, v]) => `${name}=${v}`),
    fc.constantFrom('garbage', '=x', ';;;', ' ; = ; ', `big=${'x'.repeat(4_000)}`),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.join('; ')) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(world.userCookie, world.editorCookie), pair).map(([session, extra]) => `${extra}; ${session}`) },
    { weight: 2, arbitrary: fc.constantFrom(world.userCookie, world.editorCookie) },
  );
}

function baseHeaders(world: FuzzWorld): fc.Arbitrary<Record<string, string>> {
  // Each header in one request out of five, so most requests still reach the pages.
  const optional = <T,>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
  return fc
    .record({
      'user-agent': fc.oneof(
        { weight: 8, arbitrary: fc.constant(DESKTOP_UA) },
        { weight: 1, arbitrary: fc.constantFrom('Googlebot/2.1 (+http://www.google.com/bot.html)', '', 'curl/8', `Mozilla/5.0 ${'A'.repeat(8_000)}`) },
        { weight: 1, arbitrary: headerText },
      ),
      cookie: cookieHeader(world),
      'accept-language': optional(fc.oneof(headerText, fc.constantFrom('*', 'fr-CH, fr;q=0.9, en;q=0.8', 'zz;q=x', ';;;', 'en;q=NaN'))),
      accept: optional(fc.constantFrom('text/html', '*/*', 'application/json', 'text/x-script', '', 'garbage/;;;')),
      'x-forwarded-for': optional(fc.oneof(headerText, fc.constantFrom('::1', '999.1.1.1', '1.2.3.4, 5.6.7.8', 'unknown', '[::1]:80'))),
      'x-forwarded-proto': optional(fc.constantFrom('https', 'http', 'ftp', 'https, http', '')),
      'x-forwarded-host': optional(fc.oneof(headerText, fc.constantFrom('evil.test', 'a b', '[::1', 'x:99999', '', 'host/path'))),
    })
    .map((record) => Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
}

// ---------------------------------------------------------------------------------------------
// Form bodies

const FORM_ACTIONS = [staticPaths.contact, staticPaths.signin, staticPaths.signup, staticPaths.recovery, staticPaths.verify, staticPaths.profile, '/invite', '/set-language', staticPaths.signout, `${CONSOLE_PATH}/messages/x`, `${CONSOLE_PATH}/team`, `${CONSOLE_PATH}/parties/new`, `${CONSOLE_PATH}/parties/x`, `${CONSOLE_PATH}/parties/x/delete`];
const FIELD_NAMES = ['intent', 'name', 'email', 'subject', 'message', 'website', 'password', 'confirm', 'oldPassword', 'code', 'userId', 'secret', 'factor', 'challengeId', 'lang', 'redirectTo', 'membershipId', 'teamId', 'role', 'language', 'sessionId', 'identityId', 'phone', 'colourMode', 'status', 'uri', 'slug'];
/** The forms' `intent` values (sign-in, invite, recovery, console, and a sample of the profile's). */
const INTENTS = [
  'password', 'magic', 'code-send', 'code-verify', 'mfa-send', 'mfa-verify', 'accept', 'decline', 'signout', 'request', 'reset', 'invite', 'role', 'remove',
  'mark-read', 'mark-new', 'mark-bogus', 'delete', 'save', 'name', 'email', 'phone', 'prefs', 'email-verify', 'totp-start', 'mfa-on', 'codes-create', 'reauth-send',
  'session-delete', 'sessions-others', 'identity-delete', 'team-leave',
];

function fieldValue(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('', 'Ada', 'ada@example.org', 'not-an-email', 'correct horse battery staple', '123456', 'en', 'fr', '/', '//evil.test', 'editor', 'owner', 'totp', 'email') },
    { weight: 3, arbitrary: fc.constantFrom(...INTENTS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
    { weight: 1, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\uD800', '\r\n', '<script>alert(1)</script>', 'x'.repeat(100_000)) },
    { weight: 1, arbitrary: fc.constantFrom(...world.ids) },
  );
}

function fields(world: FuzzWorld): fc.Arbitrary<[string, string][]> {
  const name = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) });
  // Repeated names: an array where the action expects one value.
  return fc.array(fc.tuple(name, fieldValue(world)), { maxLength: 8 });
}

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

function multipart(pairs: [string, string][]): Buffer {
  const parts = pairs.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`);
  return Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`, 'utf8');
}

interface Body {
  contentType?: string;
  body?: Buffer;
}

function formBody(world: FuzzWorld): fc.Arbitrary<Body> {
  return fc.tuple(fields(world), fc.nat(11)).map(([pairs, kind]): Body => {
    const urlencoded = Buffer.from(new URLSearchParams(pairs).toString());
    switch (kind) {
      case 0:
      case 1:
      case 2:
        return { contentType: 'application/x-www-form-urlencoded', body: urlencoded };
      case 3:
        return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(pairs) };
      case 4:
        // A part with no headers at all.
        return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`) };
      case 5:
        return { contentType: 'multipart/form-data', body: urlencoded };
      case 6:
        return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(pairs).subarray(0, Math.max(1, Math.floor(multipart(pairs).length / 2))) };
      case 7:
        return { contentType: 'multipart/form-data; boundary=other', body: multipart(pairs) };
      case 8:
        return { contentType: 'application/json', body: Buffer.from(JSON.stringify(Object.fromEntries(pairs))) };
      case 9:
        return { contentType: 'text/plain;charset=UTF-8', body: urlencoded };
      case 10:
        return { body: urlencoded };
      default:
        return { contentType: 'application/x-www-form-urlencoded', body: Buffer.from(`email=${'%FF'.repeat(10)}&intent=%&name=%zz&message=${'x'.repeat(3 * 1024 * 1024)}`) };
    }
  });
}

function originHeaders(url: string): fc.Arbitrary<Record<string, string>> {
  const hostile: Record<string, string>[] = [
    { origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
    { origin: 'not a url' },
    { origin: url, 'sec-fetch-site': 'same-site' },
  ];
  const sameOrigin: Record<string, string> = { origin: url, 'sec-fetch-site': 'same-origin' };
  return fc.oneof({ weight: 6, arbitrary: fc.constant(sameOrigin) }, { weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.constantFrom(...hostile) });
}

// ---------------------------------------------------------------------------------------------
// Requests

export function fuzzRequest(world: FuzzWorld, url: string): fc.Arbitrary<FuzzRequest> {
  const read = fc
    .record({ method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS'), path: withDataSuffix(pagePath(world)), query: queryString(world), headers: baseHeaders(world) })
    .map(({ method, path, query, headers }): FuzzRequest => ({ method, path: `${path}${query}`, headers }));
  const submit = fc
    .record({
      method: fc.constantFrom('POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE'),
      path: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FORM_ACTIONS) }, { weight: 1, arbitrary: pagePath(world) }),
      data: fc.boolean(),
      query: queryString(world),
      headers: baseHeaders(world),
      origin: originHeaders(url),
      body: formBody(world),
    })
    .map(({ method, path, data, query, headers, origin, body }): FuzzRequest => ({
      method,
      path: `${data ? `${path === '/' ? '/_root' : path}.data` : path}${query}`,
      headers: { ...headers, ...origin, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
      body: body.body,
    }));
  return fc.oneof({ weight: 3, arbitrary: read }, { weight: 2, arbitrary: submit });
}

/** Sends a request byte for byte as built (fetch would normalise the path and refuse some headers). */
export function send(url: string, request: FuzzRequest, timeoutMs = 30_000): Promise<FuzzAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: target.hostname, port: target.port, method: request.method, path: request.path, headers: request.headers, agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 2 * 1024 * 1024) chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    outgoing.on('error', (error: Error & { code?: string; rawPacket?: Buffer }) => {
      // Node's parser refused the request before any route: the server answers on the socket with
      // a body, which Node's client rejects for a HEAD. That answer's status is what counts.
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(error.rawPacket?.toString('latin1') ?? '')?.[1];
      if (status) resolve({ status: Number(status), contentType: 'application/json', body: '' });
      else reject(error);
    });
    outgoing.end(request.body);
  });
}

/** What is wrong with an answer, or null. */
export function problemWith(request: FuzzRequest, answer: FuzzAnswer): string | null {
  if (answer.status >= 500 || answer.status < 100) return `status ${answer.status}`;
  if (/\n\s+at .+:\d+:\d+\)?\n/.test(answer.body)) return 'a stack trace in the body';
  const html = answer.contentType.startsWith('text/html');
  // Bots get bare error statuses (seed §2); HEAD answers have no body.
  const bot = answer.body === '' || request.method === 'HEAD';
  // React separates `{status}` and " ERROR" with an empty comment in server HTML.
  if (answer.status === 404 && html && !bot && !/Page not found: |404(<!-- -->)? ERROR/.test(answer.body)) return 'a 404 that is not the seed’s 404 page';
  return null;
}

/** Ids and slugs of the seeded directory, and two signed-in visitors (one an editor). */
export async function prepareWorld(target: ApiTarget): Promise<FuzzWorld> {
  const api = new OperatorApi(target);
  const slugs: string[] = [];
  const ids: string[] = [];
  for (const collection of ['regions', 'subregions', 'districts', 'electoral_areas', 'offices', 'parties', 'candidates', 'events']) {
    const { documents } = await api.list(collection, [q.limit(3)]);
    for (const document of documents) {
      ids.push(document.$id);
      if (typeof document['slug'] === 'string') slugs.push(document['slug']);
    }
  }
  const call = async (path: string, body: unknown, key = true): Promise<Response> => {
    const response = await fetch(`${target.url}/v1${path}`, {
      method: 'POST',
      headers: { 'X-Appwrite-Project': target.projectId, 'Content-Type': 'application/json', ...(key ? { 'X-Appwrite-Key': target.apiKey } : {}) },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`POST /v1${path} → ${response.status}: ${await response.text()}`);
    return response;
  };
  const signedIn = async (label: string, editor: boolean): Promise<string> => {
    const email = `fuzz-${label}-${Date.now().toString(36)}@example.org`;
    const password = 'correct horse battery staple';
    const user = (await (await call('/account', { userId: 'unique()', email, password, name: `Fuzz ${label}` })).json()) as { $id: string };
    if (editor) await call('/teams/editors/memberships', { userId: user.$id, roles: ['editor'] });
    const session = await call('/account/sessions/email', { email, password }, false);
    const cookie = session.headers.getSetCookie().find((line) => line.startsWith(`a_session_${target.projectId}=`));
    if (!cookie) throw new Error('the sign-in set no session cookie');
    return cookie.split(';', 1)[0]!;
  };
  return { slugs, ids, userCookie: await signedIn('user', false), editorCookie: await signedIn('editor', true) };
}

/**
 * Runs `requests` fuzzed requests (seed `seed`) one after another; throws fast-check's report
 * (seed, path, the smallest failing request) at the first broken property. Then checks that the
 * server still serves its home page and /v1/health.
 */
export async function fuzzSite(target: ApiTarget, options: { requests: number; seed: number; world?: FuzzWorld }): Promise<FuzzReport> {
  const world = options.world ?? (await prepareWorld(target));
  const byStatus: Record<string, number> = {};
  let requests = 0;
  const started = Date.now();
  await fc.assert(
    fc.asyncProperty(fuzzRequest(world, target.url), async (request) => {
      const answer = await send(target.url, request);
      requests++;
      byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
      const problem = problemWith(request, answer);
      if (problem) throw new Error(`${problem}: ${request.method} ${request.path.slice(0, 300)} → ${answer.status} ${answer.body.slice(0, 300)}`);
    }),
    { numRuns: options.requests, seed: options.seed, endOnFailure: false },
  );
  for (const path of ['/', '/v1/health']) {
    const answer = await send(target.url, { method: 'GET', path, headers: { 'user-agent': DESKTOP_UA, 'x-appwrite-project': target.projectId, 'x-appwrite-key': target.apiKey } });
    if (answer.status !== 200) throw new Error(`after fuzzing, GET ${path} → ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  return { requests, byStatus, durationMs: Date.now() - started };
}
