// What the API fuzz found, each as the request that showed it, fixed: every one answers a 4xx in
// Appwrite's shape now and writes nothing.
import { expect, it } from 'vitest';
import { send, type HttpAnswer } from '../../fuzz/http-send.ts';
import { problemWith } from '../../fuzz/response-checks.ts';
import { signIn, signUp, SESSION_COOKIE } from '../../support/account-http.ts';
import { describeEachEngine, useTestServer } from '../../support/scenario.ts';
import { TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

async function request(server: TestServer, method: string, path: string, headers: Record<string, string>, body?: string): Promise<HttpAnswer> {
  const answer = await send(server.url, { method, path, headers: { 'x-appwrite-project': TEST_PROJECT, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, body: body === undefined ? undefined : Buffer.from(body) }, 10_000);
  expect(problemWith(method, answer), `${method} ${path.slice(0, 80)}`).toBeNull();
  return answer;
}

function typeOf(answer: HttpAnswer): string {
  return (JSON.parse(answer.body.toString()) as { type: string }).type;
}

describeEachEngine('API fuzz findings', (engine) => {
  const server = useTestServer(engine, { env: { ABUSE_LIMITS: 'disabled', OAUTH_PROVIDERS: 'mock' } });

  // Was a 500: the 64 KiB check's JSON.stringify overflowed the stack (seed 5, `npm run fuzz -- --requests 3000 --seed 5`).
  it('preferences nested 10,000 levels deep are refused', async () => {
    const { token } = await signIn(server(), await signUp(server(), 'deep'));
    const cookie = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` };
    const account = await request(server(), 'PATCH', '/v1/account/prefs', cookie, `{"prefs":${deep(10_000)}}`);
    expect([account.status, typeOf(account)]).toEqual([400, 'general_argument_invalid']);
    const key = { 'x-appwrite-key': TEST_API_KEY };
    expect((await request(server(), 'POST', '/v1/teams', key, JSON.stringify({ teamId: 'deep-prefs', name: 'Deep' }))).status).toBe(201);
    const team = await request(server(), 'PUT', '/v1/teams/deep-prefs/prefs', key, `{"prefs":${deep(10_000)}}`);
    expect([team.status, typeOf(team)]).toEqual([400, 'general_argument_invalid']);
    const stored = await request(server(), 'GET', '/v1/account/prefs', cookie);
    expect(JSON.parse(stored.body.toString())).toEqual({});
  });

  // Was a 500 on PostgreSQL, which cannot store NUL in text (seed 22 on postgres).
  it('a NUL character in account text is refused on both engines', async () => {
    const { token } = await signIn(server(), await signUp(server(), 'nul'));
    const cookie = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` };
    for (const [method, path, body] of [
      ['PATCH', '/v1/account/name', { name: 'a\u0000b' }],
      ['POST', '/v1/account/targets/push', { targetId: 'nul-target', identifier: 'device\u0000token' }],
    ] as const) {
      const answer = await request(server(), method, path, cookie, JSON.stringify(body));
      expect([answer.status, typeOf(answer)], path).toEqual([400, 'general_argument_invalid']);
    }
    const account = JSON.parse((await request(server(), 'GET', '/v1/account', cookie)).body.toString());
    expect(account.name).toBe('');
  });

  // Was a 301 whose 27 KB Location header no client could read (each %FF comes back as 9 bytes): seed 14.
  it('an OAuth2 callback with parameters too long to pass on is refused', async () => {
    const get = await request(server(), 'GET', `/v1/account/sessions/oauth2/callback/mock/${TEST_PROJECT}?code=x&state=${'%FF'.repeat(3_000)}`, {});
    expect([get.status, typeOf(get)]).toEqual([400, 'general_argument_invalid']);
    const form = new URLSearchParams({ state: 'é'.repeat(4_000), code: 'c'.repeat(4_000), error_description: 'ü'.repeat(4_000) }).toString();
    const post = await request(server(), 'POST', `/v1/account/sessions/oauth2/callback/mock/${TEST_PROJECT}`, { 'content-type': 'application/x-www-form-urlencoded' }, form);
    expect([post.status, typeOf(post)]).toEqual([400, 'general_argument_invalid']);
    const ordinary = await request(server(), 'GET', `/v1/account/sessions/oauth2/callback/mock/${TEST_PROJECT}?code=abc&state=${'s'.repeat(400)}`, {});
    expect(ordinary.status).toBe(301);
  });
});
