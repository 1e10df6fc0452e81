import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, Client } from 'appwrite28';
import { loadConfig } from '../../../src/config.ts';
import { postgresAvailable, startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

const SUCCESS = 'http://allowed.test/welcome';
const FAILURE = 'http://allowed.test/signin';
const sessionCookie = `a_session_${TEST_PROJECT}`;

/** A browser's cookie jar and redirect following, enough for an OAuth2 round trip. */
class Browser {
  readonly cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      const expired = attributes.some((attribute) => /expires=/i.test(attribute) && new Date(attribute.split('=')[1]!).getTime() < Date.now());
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves the server (the site's success or failure page) or a non-redirect answers. */
  async follow(url: string, serverOrigin: string): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hop = 0; hop < 10; hop++) {
      const response = await this.get(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current).toString();
      if (!current.startsWith(serverOrigin) && !current.startsWith(fakeProviderOrigin())) return { url: current, response };
    }
    throw new Error('too many redirects');
  }
}

let fakeProvider: Server | undefined;
function fakeProviderOrigin(): string {
  const address = fakeProvider?.address();
  return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : 'http://fake.invalid';
}

function startUrl(server: TestServer, provider: string, extra: Record<string, string> = {}, kind: 'sessions' | 'tokens' = 'sessions'): string {
  const query = new URLSearchParams({ project: TEST_PROJECT, success: SUCCESS, failure: FAILURE, ...extra });
  return `${server.endpoint}/account/${kind}/oauth2/${provider}?${query}`;
}

function accountOf(server: TestServer, session: string) {
  const client = new Client().setEndpoint(server.endpoint).setProject(TEST_PROJECT).setSession(decodeURIComponent(session));
  return new Account(client);
}

function errorFrom(url: string): { type: string; code: number; message: string } {
  return JSON.parse(new URL(url).searchParams.get('error') ?? '{}') as { type: string; code: number; message: string };
}

const postgresUp = await postgresAvailable();

for (const engine of ['sqlite', 'postgres'] as const) describe.skipIf(engine === 'postgres' && !postgresUp)(`OAuth2 with the mock provider [${engine}]`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, env: { OAUTH_PROVIDERS: 'mock' } });
  });
  afterAll(() => server.close());

  it('signs in through the provider and back: the browser lands on success with a session cookie', async () => {
    const browser = new Browser();
    const { url } = await browser.follow(startUrl(server, 'mock'), server.url);
    expect(url).toBe(SUCCESS);
    const session = browser.cookies.get(sessionCookie);
    expect(session).toBeTruthy();
    const account = accountOf(server, session!);
    const me = await account.get();
    expect(me).toMatchObject({ email: 'useroauth@localhost.test', name: 'Mock User', emailVerification: true });
    const current = await account.getSession({ sessionId: 'current' });
    expect(current).toMatchObject({ provider: 'oauth2', providerUid: 'mock-user', factors: ['email'], providerAccessToken: 'mock-access-token' });
    const identities = await account.listIdentities();
    expect(identities.total).toBe(1);
    expect(identities.identities[0]).toMatchObject({ provider: 'mock', providerUid: 'mock-user', providerEmail: 'useroauth@localhost.test' });
  });

  it('signs the same provider account into the same user the second time', async () => {
    const first = new Browser();
    await first.follow(startUrl(server, 'mock'), server.url);
    const second = new Browser();
    await second.follow(startUrl(server, 'mock'), server.url);
    const a = await accountOf(server, first.cookies.get(sessionCookie)!).get();
    const b = await accountOf(server, second.cookies.get(sessionCookie)!).get();
    expect(b.$id).toBe(a.$id);
  });

  it('the token flow hands userId and secret to the success page; createSession exchanges them once', async () => {
    const browser = new Browser();
    const { url } = await browser.follow(startUrl(server, 'mock', {}, 'tokens'), server.url);
    const landing = new URL(url);
    expect(landing.origin + landing.pathname).toBe(SUCCESS);
    const userId = landing.searchParams.get('userId')!;
    const secret = landing.searchParams.get('secret')!;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(browser.cookies.has(sessionCookie)).toBe(false);
    const account = new Account(new Client().setEndpoint(server.endpoint).setProject(TEST_PROJECT));
    const session = await account.createSession({ userId, secret });
    expect(session).toMatchObject({ userId, provider: 'oauth2', factors: ['email'] });
    await expect(account.createSession({ userId, secret })).rejects.toMatchObject({ type: 'user_invalid_token', code: 401 });
  });

  it('refuses a success or failure URL on a foreign host, before any redirect', async () => {
    const foreignSuccess = await fetch(startUrl(server, 'mock', { success: 'https://evil.example/steal' }), { redirect: 'manual' });
    expect(foreignSuccess.status).toBe(400);
    expect(await foreignSuccess.json()).toMatchObject({ type: 'project_invalid_success_url' });
    const foreignFailure = await fetch(startUrl(server, 'mock', { failure: 'https://evil.example/steal' }), { redirect: 'manual' });
    expect(await foreignFailure.json()).toMatchObject({ type: 'project_invalid_failure_url', code: 400 });
  });

  it('answers unknown providers with 400 and known but disabled ones with 412', async () => {
    const unknown = await fetch(startUrl(server, 'myspace'), { redirect: 'manual' });
    expect(await unknown.json()).toMatchObject({ type: 'project_provider_unsupported', code: 400 });
    const disabled = await fetch(startUrl(server, 'google'), { redirect: 'manual' });
    expect(await disabled.json()).toMatchObject({ type: 'project_provider_disabled', code: 412 });
  });

  it('refuses a state it did not sign, and a flow finished in another browser (login CSRF)', async () => {
    const browser = new Browser();
    const toProvider = await browser.get(startUrl(server, 'mock'));
    const toCallback = await browser.get(toProvider.headers.get('location')!);
    const toRedirect = await browser.get(toCallback.headers.get('location')!);
    const redirectUrl = new URL(toRedirect.headers.get('location')!);

    const tampered = new URL(redirectUrl);
    const [payload, signature] = tampered.searchParams.get('state')!.split('.');
    const state = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, string>;
    state['success'] = 'https://evil.example/';
    tampered.searchParams.set('state', `${Buffer.from(JSON.stringify(state)).toString('base64url')}.${signature}`);
    const forged = await browser.get(tampered.toString());
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ type: 'user_oauth2_bad_request' });

    const otherBrowser = new Browser();
    const elsewhere = await otherBrowser.get(redirectUrl.toString());
    expect(elsewhere.status).toBe(400);
    expect(otherBrowser.cookies.has(sessionCookie)).toBe(false);

    const genuine = await browser.get(redirectUrl.toString());
    expect(genuine.headers.get('location')).toBe(SUCCESS);
  });

  it('the mock provider only returns to this server\'s own callback', async () => {
    const query = new URLSearchParams({ client_id: 'x', redirect_uri: 'https://evil.example/cb', state: 's', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256', response_type: 'code' });
    const response = await fetch(`${server.endpoint}/mock/oauth2/authorize?${query}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
  });

  it('a provider account whose unverified e-mail belongs to another user is refused, not linked', async () => {
    const operator = { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT };
    await fetch(`${server.endpoint}/account`, { method: 'POST', headers: operator, body: JSON.stringify({ userId: 'unique()', email: 'victim@example.test', password: 'victim password' }) });
    const browser = new Browser();
    const { url } = await browser.follow(startUrl(server, 'mock', { failure: FAILURE }) + '&x=1', server.url);
    expect(url).toBe(SUCCESS);
    // login_hint makes the mock return an address it does not vouch for.
    const attacker = new Browser();
    const start = await attacker.get(startUrl(server, 'mock'));
    const consent = new URL(start.headers.get('location')!);
    consent.searchParams.set('login_hint', 'victim@example.test');
    const landed = await attacker.follow(consent.toString(), server.url);
    expect(landed.url.startsWith(FAILURE)).toBe(true);
    expect(errorFrom(landed.url)).toMatchObject({ type: 'user_already_exists', code: 409 });
    expect(attacker.cookies.has(sessionCookie)).toBe(false);
  });

  it('a signed-in user who completes the flow gets the provider account linked to them', async () => {
    const headers = { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT };
    await fetch(`${server.endpoint}/account`, { method: 'POST', headers, body: JSON.stringify({ userId: 'linker', email: 'linker@example.test', password: 'linker password' }) });
    const signIn = await fetch(`${server.endpoint}/account/sessions/email`, { method: 'POST', headers, body: JSON.stringify({ email: 'linker@example.test', password: 'linker password' }) });
    const browser = new Browser();
    const [pair] = signIn.headers.getSetCookie()[0]!.split(';');
    browser.cookies.set(sessionCookie, pair!.split('=')[1]!);
    const start = await browser.get(startUrl(server, 'mock'));
    const consent = new URL(start.headers.get('location')!);
    consent.searchParams.set('login_hint', 'linker-github@example.test');
    expect((await browser.follow(consent.toString(), server.url)).url).toBe(SUCCESS);
    const identities = await accountOf(server, browser.cookies.get(sessionCookie)!).listIdentities();
    expect(identities.identities.map((identity) => identity.userId)).toEqual(['linker']);
    expect(identities.identities[0]!.providerEmail).toBe('linker-github@example.test');
  });
});

interface ProviderRequest {
  path: string;
  body: URLSearchParams;
  authorization: string | undefined;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

describe('OAuth2 with a configured provider (GitHub endpoints pointed at a local fake)', () => {
  let server: TestServer;
  const seen: ProviderRequest[] = [];
  let issuedChallenge = '';

  beforeAll(async () => {
    fakeProvider = createServer(async (request, response) => {
      const url = new URL(request.url!, 'http://fake');
      const body = new URLSearchParams(await readBody(request));
      seen.push({ path: url.pathname, body, authorization: request.headers.authorization });
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (url.pathname === '/authorize') {
        issuedChallenge = url.searchParams.get('code_challenge')!;
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', url.searchParams.get('login_hint') === 'deny' ? '' : 'good-code');
        if (url.searchParams.get('login_hint') === 'deny') back.searchParams.set('error', 'access_denied');
        back.searchParams.set('state', url.searchParams.get('state')!);
        return response.writeHead(302, { location: back.toString() }).end();
      }
      if (url.pathname === '/token') {
        const verifier = body.get('code_verifier') ?? '';
        const pkceOk = createHash('sha256').update(verifier).digest('base64url') === issuedChallenge;
        if (body.get('code') !== 'good-code' || body.get('client_secret') !== 'gh-secret' || !pkceOk) return json(400, { error: 'bad_verification_code' });
        return json(200, { access_token: 'gh-access', token_type: 'bearer', scope: 'user:email' });
      }
      if (request.headers.authorization !== 'Bearer gh-access') return json(401, { message: 'Bad credentials' });
      if (url.pathname === '/user') return json(200, { id: 4242, login: 'octo', name: null, email: null });
      if (url.pathname === '/user/emails') return json(200, [{ email: 'octo@example.test', primary: true, verified: true }, { email: 'other@example.test', primary: false, verified: true }]);
      return json(404, {});
    });
    await new Promise<void>((resolve) => fakeProvider!.listen(0, '127.0.0.1', resolve));
    const origin = fakeProviderOrigin();
    server = await startTestServer({
      env: {
        OAUTH_PROVIDERS: 'github',
        OAUTH_GITHUB_CLIENT_ID: 'gh-client',
        OAUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
        OAUTH_GITHUB_AUTHORIZE_URL: `${origin}/authorize`,
        OAUTH_GITHUB_TOKEN_URL: `${origin}/token`,
        OAUTH_GITHUB_USERINFO_URL: `${origin}/user`,
        OAUTH_GITHUB_EMAILS_URL: `${origin}/user/emails`,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => fakeProvider!.close(resolve));
  });

  it('runs the authorization-code flow with PKCE and the client secret, reads the primary verified e-mail, and signs in', async () => {
    const browser = new Browser();
    const { url } = await browser.follow(startUrl(server, 'github', { 'scopes[]': 'read:org' }), server.url);
    expect(url).toBe(SUCCESS);
    const authorize = seen.find((request) => request.path === '/authorize');
    expect(authorize).toBeDefined();
    const token = seen.find((request) => request.path === '/token')!;
    expect(token.body.get('client_id')).toBe('gh-client');
    expect(token.body.get('redirect_uri')).toBe(`${server.url}/v1/account/sessions/oauth2/callback/github/${TEST_PROJECT}`);
    const me = await accountOf(server, browser.cookies.get(sessionCookie)!).get();
    expect(me).toMatchObject({ email: 'octo@example.test', name: 'octo', emailVerification: true });
  });

  it('sends the browser to the failure page with the error when the visitor refuses at the provider', async () => {
    const browser = new Browser();
    const start = await browser.get(startUrl(server, 'github'));
    const consent = new URL(start.headers.get('location')!);
    expect(consent.origin).toBe(fakeProviderOrigin());
    expect(consent.searchParams.get('scope')).toBe('user:email');
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    consent.searchParams.set('login_hint', 'deny');
    const { url } = await browser.follow(consent.toString(), server.url);
    expect(url.startsWith(`${FAILURE}?error=`)).toBe(true);
    expect(errorFrom(url)).toMatchObject({ type: 'user_oauth2_unauthorized', code: 401 });
    expect(browser.cookies.has(sessionCookie)).toBe(false);
  });
});

describe('OAuth2 configuration', () => {
  const base = { API_KEY: TEST_API_KEY };
  it('refuses to start with an unknown provider or one without credentials, naming the variable', () => {
    expect(() => loadConfig({ ...base, OAUTH_PROVIDERS: 'myspace' })).toThrow(/OAUTH_PROVIDERS: "myspace" is not a supported provider/);
    expect(() => loadConfig({ ...base, OAUTH_PROVIDERS: 'google' })).toThrow(/OAUTH_GOOGLE_CLIENT_ID and OAUTH_GOOGLE_CLIENT_SECRET are required/);
    expect(() => loadConfig({ ...base, OAUTH_PROVIDERS: 'okta', OAUTH_OKTA_CLIENT_ID: 'a', OAUTH_OKTA_CLIENT_SECRET: 'b' })).toThrow(/OAUTH_OKTA_AUTHORIZE_URL and OAUTH_OKTA_TOKEN_URL are required/);
  });

  it('takes endpoints of self-hosted providers from the environment', () => {
    const config = loadConfig({
      ...base, OAUTH_PROVIDERS: 'okta,mock', OAUTH_OKTA_CLIENT_ID: 'a', OAUTH_OKTA_CLIENT_SECRET: 'b',
      OAUTH_OKTA_AUTHORIZE_URL: 'https://id.example/authorize', OAUTH_OKTA_TOKEN_URL: 'https://id.example/token', OAUTH_OKTA_USERINFO_URL: 'https://id.example/userinfo',
    });
    expect(Object.keys(config.oauthProviders).sort()).toEqual(['mock', 'okta']);
    expect(config.oauthProviders['okta']!.endpoints).toMatchObject({ tokenUrl: 'https://id.example/token', scopes: ['openid', 'email', 'profile'] });
  });
});
