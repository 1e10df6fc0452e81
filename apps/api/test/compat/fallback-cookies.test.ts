// X-Fallback-Cookies as the official web SDKs (17.0.2 and 28) use it without browser cookies:
// Appwrite sends the session in this header whenever the caller's page is not on the API's
// registrable domain (app/controllers/api/account.php, `domainVerification`), the SDK keeps it in
// localStorage `cookieFallback` and sends it back on every later request.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { signUp, SESSION_COOKIE, sessionCookieOf } from './support/accounts.ts';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { TEST_PROJECT } from '../support/test-server.ts';

/** Just enough of a browser window for the SDKs' cookie fallback: a localStorage and a console. */
function fakeWindow(): { storage: Map<string, string>; restore(): void } {
  const storage = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, String(value)),
    removeItem: (key: string) => void storage.delete(key),
  };
  const scope = globalThis as { window?: unknown };
  const previous = scope.window;
  scope.window = { localStorage, console: { ...console, warn: () => {} } };
  return {
    storage,
    restore() {
      scope.window = previous;
    },
  };
}

describeCompat('X-Fallback-Cookies', (context) => {
  let browser: ReturnType<typeof fakeWindow>;
  beforeEach(() => {
    browser = fakeWindow();
  });
  afterEach(() => browser.restore());

  it('a session made with no Origin is kept by the SDK from X-Fallback-Cookies, and the next call is signed in', async () => {
    const user = await signUp(context, 'fallback');
    const connection = context.connect(TEST_PROJECT);
    const session = await connection.account.createEmailPasswordSession(user.email, user.password);
    const stored = JSON.parse(browser.storage.get('cookieFallback')!) as Record<string, string>;
    expect(Object.keys(stored)).toEqual([SESSION_COOKIE]);
    expect(JSON.parse(Buffer.from(stored[SESSION_COOKIE]!, 'base64').toString('utf8'))).toMatchObject({ id: user.id });

    // No setSession: only the stored fallback travels.
    expect((await connection.account.get()).$id).toBe(user.id);
    expect((await connection.account.getSession('current')).$id).toBe(session.$id);

    // Signing out answers `[]`, which the SDK stores over the session: the next call is a guest.
    await connection.account.deleteSession('current');
    expect(browser.storage.get('cookieFallback')).toBe('[]');
    await expectSdkError(context.sdk, () => connection.account.get(), { code: 401, type: 'general_unauthorized_scope' });
  });

  it('on the wire: the header carries the same token as the cookie, for another site (an allowed origin) and for no origin; an unknown session is refused', async () => {
    const user = await signUp(context, 'wire');
    for (const origin of [undefined, 'http://allowed.test']) {
      const response = await fetch(`${context.endpoint}/account/sessions/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, ...(origin ? { origin } : {}) },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(response.status).toBe(201);
      const header = response.headers.get('x-fallback-cookies')!;
      // Appwrite's json_encode escapes slashes; the JSON is the cookie's value either way.
      expect(header).not.toMatch(/[^\\]\//);
      expect(JSON.parse(header)).toEqual({ [SESSION_COOKIE]: sessionCookieOf(response) });
    }
    const forged = JSON.stringify({ [SESSION_COOKIE]: Buffer.from(JSON.stringify({ id: user.id, secret: 'f'.repeat(256) })).toString('base64') });
    const guest = await fetch(`${context.endpoint}/account`, { headers: { 'x-appwrite-project': TEST_PROJECT, 'x-fallback-cookies': forged } });
    expect(guest.status).toBe(401);
  });
});
