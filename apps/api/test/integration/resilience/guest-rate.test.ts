/**
 * Issue 11 item 6: guests' expensive requests — full-text searches (document and file lists) and
 * file previews — are held to a rate per address (GUEST_SEARCH_RATE, GUEST_PREVIEW_RATE), answered
 * 429 in Appwrite's shape with the X-RateLimit-* headers. The address is the visitor's: the site
 * calls the API over loopback with X-Forwarded-For, which TRUST_PROXY=loopback believes, so every
 * test speaks as its own forwarded address. Users with an account and API keys are not held to it.
 * Behaviour of the HTTP layer, the same on both engines: SQLite only.
 */
import { randomBytes } from 'node:crypto';
import { redisAvailable, TEST_REDIS_URL } from '../../support/redis-available.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { call, sessionTokenOf, signIn, signUp } from '../../support/account-http.ts';
import { asOperator, DOCUMENTS, expectAppwriteError, queryString, send } from '../../support/scenario.ts';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../support/test-server.ts';
import { postFilePart } from '../../support/upload-http.ts';

const SEARCH_LIMIT = 4;
const PREVIEW_LIMIT = 3;
const WINDOW_SECONDS = 3600;

const search = queryString({ method: 'search', attribute: 'title', values: ['lantern'] });
const nestedSearch = queryString({ method: 'or', values: [{ method: 'search', attribute: 'title', values: ['lantern'] }, { method: 'equal', attribute: 'title', values: ['x'] }] });
const plainList = queryString({ method: 'equal', attribute: 'title', values: ['Lantern'] });

let addressCounter = 0;
/** A visitor address of its own for each test (documentation range), so their budgets never meet. */
function visitor(): Record<string, string> {
  addressCounter += 1;
  return { 'X-Forwarded-For': `198.51.100.${addressCounter}` };
}

/** Fixed windows: a burst that straddles the end of one would be counted in two. */
async function awayFromWindowEdge(): Promise<void> {
  const secondsLeft = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS);
  if (secondsLeft < 15) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 100));
}

async function statusOf(response: Response): Promise<number> {
  await response.body?.cancel();
  return response.status;
}

async function guestSearches(server: TestServer, headers: Record<string, string>, count: number, path = `${DOCUMENTS}?${search}`): Promise<Response[]> {
  const responses = [];
  for (let n = 0; n < count; n++) {
    const response = await send(server, { method: 'GET', path, headers });
    await response.text();
    responses.push(response);
  }
  return responses;
}

describe('guest rates on expensive routes [sqlite]', () => {
  let server: TestServer;
  let photoPreview: string;

  beforeAll(async () => {
    await awayFromWindowEdge();
    server = await startTestServer({ env: { GUEST_SEARCH_RATE: `${SEARCH_LIMIT}/${WINDOW_SECONDS}`, GUEST_PREVIEW_RATE: `${PREVIEW_LIMIT}/${WINDOW_SECONDS}` } });
    await asOperator(server, 'POST', DOCUMENTS, { documentId: 'lantern', data: { title: 'Lantern' } });
    const png = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2e8b57' } }).png().toBuffer());
    const upload = await postFilePart(server.endpoint, 'photos', { fileId: 'photo', name: 'photo.png', bytes: png, headers: { 'x-appwrite-key': TEST_API_KEY } });
    expect(upload.status).toBe(201);
    photoPreview = '/v1/storage/buckets/photos/files/photo/preview?width=4';
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`a guest's searches count down from ${SEARCH_LIMIT}; the next is 429 general_rate_limit_exceeded with the headers`, async () => {
    const headers = visitor();
    const allowed = await guestSearches(server, headers, SEARCH_LIMIT);
    expect(allowed.map((response) => response.status)).toEqual(Array(SEARCH_LIMIT).fill(200));
    expect(allowed.map((response) => response.headers.get('x-ratelimit-limit'))).toEqual(Array(SEARCH_LIMIT).fill(String(SEARCH_LIMIT)));
    expect(allowed.map((response) => Number(response.headers.get('x-ratelimit-remaining')))).toEqual([3, 2, 1, 0]);

    const refused = await send(server, { method: 'GET', path: `${DOCUMENTS}?${search}`, headers });
    expect(refused.status).toBe(429);
    expectAppwriteError(refused, await refused.json(), 'general_rate_limit_exceeded');
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(SEARCH_LIMIT));
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(refused.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + WINDOW_SECONDS);
  });

  it('a list without a search is not counted and carries no rate-limit headers, even once the searches are used up', async () => {
    const headers = visitor();
    await guestSearches(server, headers, SEARCH_LIMIT + 1);
    const list = await send(server, { method: 'GET', path: `${DOCUMENTS}?${plainList}`, headers });
    expect(list.status).toBe(200);
    expect((await list.json()).total).toBe(1);
    expect(list.headers.get('x-ratelimit-limit')).toBeNull();
    const get = await send(server, { method: 'GET', path: `${DOCUMENTS}/lantern`, headers });
    expect(await statusOf(get)).toBe(200);
  });

  it('a search nested in or() counts like a plain one', async () => {
    const responses = await guestSearches(server, visitor(), SEARCH_LIMIT + 1, `${DOCUMENTS}?${nestedSearch}`);
    expect(responses.map((response) => response.status)).toEqual([...Array(SEARCH_LIMIT).fill(200), 429]);
  });

  it('file lists searching by name (the search param or a search query) share the same budget as document searches', async () => {
    const headers = visitor();
    await guestSearches(server, headers, SEARCH_LIMIT - 2);
    const byParam = await send(server, { method: 'GET', path: '/v1/storage/buckets/photos/files?search=photo', headers });
    expect(await statusOf(byParam)).toBe(200);
    expect(byParam.headers.get('x-ratelimit-remaining')).toBe('1');
    const byQuery = await send(server, { method: 'GET', path: `/v1/storage/buckets/photos/files?${queryString({ method: 'search', attribute: 'name', values: ['photo'] })}`, headers });
    expect(await statusOf(byQuery)).toBe(200);
    const over = await send(server, { method: 'GET', path: '/v1/storage/buckets/photos/files?search=photo', headers });
    expect(await statusOf(over)).toBe(429);
    const plainFiles = await send(server, { method: 'GET', path: '/v1/storage/buckets/photos/files', headers });
    expect(await statusOf(plainFiles)).toBe(200);
  });

  it('the budget is per visitor: a forwarded address that used its searches up does not hold back the next one', async () => {
    const first = visitor();
    const second = visitor();
    await guestSearches(server, first, SEARCH_LIMIT + 1);
    expect((await guestSearches(server, first, 1))[0]!.status).toBe(429);
    const other = (await guestSearches(server, second, 1))[0]!;
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe(String(SEARCH_LIMIT - 1));
  });

  it(`previews: ${PREVIEW_LIMIT} per address, then 429; downloads and views of the same file are not counted`, async () => {
    const headers = visitor();
    const statuses = [];
    for (let n = 0; n <= PREVIEW_LIMIT; n++) statuses.push(await statusOf(await send(server, { method: 'GET', path: photoPreview, headers })));
    expect(statuses).toEqual([...Array(PREVIEW_LIMIT).fill(200), 429]);
    const refused = await send(server, { method: 'GET', path: photoPreview, headers });
    expectAppwriteError(refused, await refused.json(), 'general_rate_limit_exceeded');
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(PREVIEW_LIMIT));
    expect(await statusOf(await send(server, { method: 'GET', path: '/v1/storage/buckets/photos/files/photo/view', headers }))).toBe(200);
    expect(await statusOf(await send(server, { method: 'GET', path: '/v1/storage/buckets/photos/files/photo/download', headers }))).toBe(200);
    // Searches have a budget of their own.
    expect((await guestSearches(server, headers, 1))[0]!.status).toBe(200);
  });

  it('a user with an account is not held to the guest rates and gets no rate-limit headers', async () => {
    const headers = visitor();
    const { token } = await signIn(server, await signUp(server, 'searcher'), headers);
    for (let n = 0; n <= SEARCH_LIMIT + 1; n++) {
      const response = await call(server, 'GET', `${DOCUMENTS.slice(3)}?${search}`, { session: token, headers });
      expect(await statusOf(response)).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
    for (let n = 0; n <= PREVIEW_LIMIT; n++) expect(await statusOf(await call(server, 'GET', photoPreview.slice(3), { session: token, headers }))).toBe(200);
  });

  it('an anonymous user (no e-mail, no phone) counts as a guest of the address, so a new session does not buy a new budget', async () => {
    const headers = visitor();
    await guestSearches(server, headers, SEARCH_LIMIT);
    const anonymous = await call(server, 'POST', '/account/sessions/anonymous', { headers });
    expect(anonymous.status).toBe(201);
    const response = await call(server, 'GET', `${DOCUMENTS.slice(3)}?${search}`, { session: sessionTokenOf(anonymous), headers });
    expect(await statusOf(response)).toBe(429);
  });

  it('the API key is not held to them', async () => {
    const headers = { ...visitor(), 'X-Appwrite-Key': TEST_API_KEY };
    const responses = await guestSearches(server, headers, SEARCH_LIMIT + 2);
    expect(responses.map((response) => response.status)).toEqual(Array(SEARCH_LIMIT + 2).fill(200));
    expect(responses[0]!.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('guest rates turned off [sqlite]', () => {
  for (const [name, env] of [
    ['GUEST_SEARCH_RATE=off', { GUEST_SEARCH_RATE: 'off', GUEST_PREVIEW_RATE: '0' }],
    ['ABUSE_LIMITS=disabled', { GUEST_SEARCH_RATE: '1/60', ABUSE_LIMITS: 'disabled' }],
  ] as const) {
    it(`${name}: searches are neither counted nor refused`, async () => {
      const server = await startTestServer({ env });
      try {
        const responses = await guestSearches(server, visitor(), 5);
        expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
        expect(responses[0]!.headers.get('x-ratelimit-limit')).toBeNull();
      } finally {
        await server.close();
      }
    });
  }
});

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisAvailable();

describe.skipIf(!redisUp)('guest rates shared through Redis [sqlite]', () => {
  it('two servers with the same REDIS_URL count one address together', async () => {
    await awayFromWindowEdge();
    const env = { REDIS_URL, GUEST_SEARCH_RATE: `3/${WINDOW_SECONDS}` };
    const [first, second] = await Promise.all([startTestServer({ env }), startTestServer({ env })]);
    try {
      // An address of its own in Redis, which keeps counters for the whole window across test runs.
      const headers = { 'X-Forwarded-For': `2001:db8::${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}` };
      const statuses = [
        ...(await guestSearches(first, headers, 2)).map((response) => response.status),
        ...(await guestSearches(second, headers, 2)).map((response) => response.status),
        ...(await guestSearches(first, headers, 1)).map((response) => response.status),
      ];
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('guest rate settings', () => {
  const base = { DATA_DIR: '/tmp/unused' };

  it('default to 240 searches and 300 previews a minute and 20 function executions in 10 minutes per address', () => {
    expect(loadConfig(base).guestRates).toEqual({ search: { limit: 240, windowSeconds: 60 }, preview: { limit: 300, windowSeconds: 60 }, execution: { limit: 20, windowSeconds: 600 } });
  });

  it('read N/SECONDS, and 0 or off for none', () => {
    expect(loadConfig({ ...base, GUEST_SEARCH_RATE: '30/10', GUEST_PREVIEW_RATE: 'off', GUEST_EXECUTION_RATE: '5/60' }).guestRates).toEqual({ search: { limit: 30, windowSeconds: 10 }, preview: null, execution: { limit: 5, windowSeconds: 60 } });
    expect(loadConfig({ ...base, GUEST_SEARCH_RATE: '0' }).guestRates.search).toBeNull();
  });

  it.each(['60', '60/0', '-1/60', '1.5/60', '60/min', '60/100000', 'many'])('refuse %s, naming the setting', (value) => {
    expect(() => loadConfig({ ...base, GUEST_PREVIEW_RATE: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, GUEST_PREVIEW_RATE: value })).toThrow(/GUEST_PREVIEW_RATE: must be `N\/SECONDS`/);
  });
});
