// Sessions through the official SDKs and on the wire: signing in and out, listing and extending
// sessions, anonymous accounts, the cookie and fallback header, and JWTs.
import { expect, it } from 'vitest';
import { authDb } from '../../src/db/system/auth-tables.ts';
import { TEST_PROJECT } from '../support/test-server.ts';
import { captureSession, freshUser, SESSION_COOKIE, sessionCookieOf, signIn, signUp, signUpAndIn, withSession } from './support/accounts.ts';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const guestScope = { code: 401, type: 'general_unauthorized_scope' };
const sessionNotFound = { code: 404, type: 'user_session_not_found' };
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describeCompat('account sessions', (context) => {
  /** A raw request to the API, as a browser or a server would send it. */
  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${context.endpoint}${path}`, {
      method,
      headers: { 'x-appwrite-project': TEST_PROJECT, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('createEmailPasswordSession returns the current session, which then signs the client in', async () => {
    const user = await signUp(context, 'signin');
    const { connection, session } = await signIn(context, user);
    expect(session).toMatchObject({ userId: user.id, provider: 'email', providerUid: user.email, factors: ['password'], current: true, secret: '', ip: '127.0.0.1', countryCode: '--' });
    expect(session.expire).toMatch(APPWRITE_DATE);
    expect(Math.abs(new Date(session.expire).getTime() - Date.now() - YEAR_MS)).toBeLessThan(60_000);
    expect(await connection.account.get()).toMatchObject({ $id: user.id, email: user.email });
    // The address is matched whatever its case.
    const shouted = await signIn(context, { email: user.email.toUpperCase(), password: user.password });
    expect(shouted.session.userId).toBe(user.id);
  });

  it('a wrong password and an unknown e-mail get the same user_invalid_credentials', async () => {
    const user = await signUp(context, 'wrong');
    const wrong = await expectSdkError(context.sdk, () => context.guest.account.createEmailPasswordSession(user.email, 'not-the-password'), { code: 401, type: 'user_invalid_credentials' });
    const unknown = await expectSdkError(context.sdk, () => context.guest.account.createEmailPasswordSession(freshUser('nobody').email, user.password), { code: 401, type: 'user_invalid_credentials' });
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.message).toBe('Invalid credentials. Please check the email and password.');
  });

  it('a signed-in client cannot open another session: user_session_already_exists', async () => {
    const { connection, user } = await signUpAndIn(context, 'twice');
    const already = { code: 401, type: 'user_session_already_exists' };
    await expectSdkError(context.sdk, () => connection.account.createEmailPasswordSession(user.email, user.password), already);
    await expectSdkError(context.sdk, () => connection.account.createAnonymousSession(), already);
    await expectSdkError(context.sdk, () => connection.account.createSession(user.id, '123456'), already);
    await expectSdkError(context.sdk, () => connection.account.updateMagicURLSession(user.id, 'abcdef'), already);
    await expectSdkError(context.sdk, () => connection.account.updatePhoneSession(user.id, '123456'), already);
    expect((await connection.account.listSessions()).total).toBe(1);
  });

  it('listSessions flags the caller\'s session as current; getSession reads by id or "current"', async () => {
    const { connection, user, session } = await signUpAndIn(context, 'list');
    const other = await signIn(context, user);
    const list = await connection.account.listSessions();
    expect(list.total).toBe(2);
    expect(list.sessions.map((entry) => [entry.$id, entry.current]).sort()).toEqual([[other.session.$id, false], [session.$id, true]].sort());
    expect(list.sessions.every((entry) => entry.secret === '')).toBe(true);
    expect((await connection.account.getSession('current')).$id).toBe(session.$id);
    expect(await connection.account.getSession(other.session.$id)).toMatchObject({ $id: other.session.$id, current: false, provider: 'email' });
    expect((await other.connection.account.getSession('current')).$id).toBe(other.session.$id);
    await expectSdkError(context.sdk, () => connection.account.getSession('nosuchsession'), sessionNotFound);
  });

  it('updateSession extends the session to a full lifetime from now', async () => {
    const { connection, session } = await signUpAndIn(context, 'extend');
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString().replace('Z', '+00:00');
    await authDb(context.server.app.services.dialect).updateTable('_auth_sessions').set({ expire: soon }).where('id', '=', session.$id).execute();
    expect((await connection.account.getSession('current')).expire).toBe(soon);
    const extended = await connection.account.updateSession('current');
    expect(extended.$id).toBe(session.$id);
    expect(Math.abs(new Date(extended.expire).getTime() - Date.now() - YEAR_MS)).toBeLessThan(60_000);
    expect((await connection.account.updateSession(session.$id)).$id).toBe(session.$id);
    await expectSdkError(context.sdk, () => connection.account.updateSession('nosuchsession'), sessionNotFound);
  });

  it('an expired session is a guest', async () => {
    const { connection, session } = await signUpAndIn(context, 'expired');
    const past = new Date(Date.now() - 1000).toISOString().replace('Z', '+00:00');
    await authDb(context.server.app.services.dialect).updateTable('_auth_sessions').set({ expire: past }).where('id', '=', session.$id).execute();
    await expectSdkError(context.sdk, () => connection.account.get(), guestScope);
  });

  it('deleteSession by id signs that client out and leaves the caller signed in', async () => {
    const { connection, user } = await signUpAndIn(context, 'delete-one');
    const other = await signIn(context, user);
    await connection.account.deleteSession(other.session.$id);
    await expectSdkError(context.sdk, () => other.connection.account.get(), guestScope);
    expect((await connection.account.get()).$id).toBe(user.id);
    await expectSdkError(context.sdk, () => connection.account.getSession(other.session.$id), sessionNotFound);
    await expectSdkError(context.sdk, () => connection.account.deleteSession(other.session.$id), sessionNotFound);
  });

  it('deleteSession("current") signs this client out only', async () => {
    const { connection, user } = await signUpAndIn(context, 'delete-current');
    const other = await signIn(context, user);
    await connection.account.deleteSession('current');
    await expectSdkError(context.sdk, () => connection.account.get(), guestScope);
    expect((await other.connection.account.listSessions()).total).toBe(1);
  });

  it('deleteSessions signs the user out everywhere', async () => {
    const { connection, user } = await signUpAndIn(context, 'delete-all');
    const other = await signIn(context, user);
    await connection.account.deleteSessions();
    await expectSdkError(context.sdk, () => connection.account.get(), guestScope);
    await expectSdkError(context.sdk, () => other.connection.account.get(), guestScope);
    const again = await signIn(context, user);
    expect((await again.connection.account.listSessions()).total).toBe(1);
  });

  it('a user keeps at most 10 sessions: the oldest one ends', async () => {
    const { connection, user, session: oldest } = await signUpAndIn(context, 'ten');
    for (let n = 0; n < 10; n++) await signIn(context, user);
    await expectSdkError(context.sdk, () => connection.account.get(), guestScope);
    const newest = await signIn(context, user);
    const sessions = await newest.connection.account.listSessions();
    expect(sessions.total).toBe(10);
    expect(sessions.sessions.map((entry) => entry.$id)).not.toContain(oldest.$id);
  });

  it('an anonymous session becomes a full account when updateEmail gives it an e-mail and password', async () => {
    const connection = context.connect(TEST_PROJECT);
    const { result: session, token } = await captureSession(() => connection.account.createAnonymousSession());
    expect(session).toMatchObject({ provider: 'anonymous', factors: ['anonymous'], current: true, secret: '' });
    connection.setSession(token);
    expect(await connection.account.get()).toMatchObject({ $id: session.userId, email: '', phone: '', name: '', passwordUpdate: '', targets: [] });

    const user = freshUser('anonymous');
    const converted = await connection.account.updateEmail(user.email, user.password);
    expect(converted).toMatchObject({ $id: session.userId, email: user.email });
    expect(converted.passwordUpdate).toMatch(APPWRITE_DATE);
    const later = await signIn(context, user);
    expect((await later.connection.account.get()).$id).toBe(session.userId);
  });

  it('on the wire: the cookie signs in, deleting the session clears it, and the cleared cookie is a guest', async () => {
    const user = await signUp(context, 'cookie');
    const created = await call('POST', '/account/sessions/email', {}, { email: user.email, password: user.password });
    expect(created.status).toBe(201);
    const token = sessionCookieOf(created)!;
    expect(token).toBeTruthy();
    expect(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).toEqual({ id: user.id, secret: expect.stringMatching(/^[0-9a-f]{256}$/) });
    // No Origin is not our domain: like Appwrite, the token is also offered in X-Fallback-Cookies (fallback-cookies.test.ts).
    expect(JSON.parse(created.headers.get('x-fallback-cookies')!)).toEqual({ [SESSION_COOKIE]: token });

    const cookie = `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
    const account = await call('GET', '/account', { cookie });
    expect(account.status).toBe(200);
    expect((await account.json()).$id).toBe(user.id);
    // Appwrite's second cookie, as older browsers keep it, is read too.
    expect((await call('GET', '/account', { cookie: `${SESSION_COOKIE}_legacy=${encodeURIComponent(token)}` })).status).toBe(200);

    const deleted = await call('DELETE', '/account/sessions/current', { cookie });
    expect(deleted.status).toBe(204);
    expect(sessionCookieOf(deleted)).toBe('');
    const clearing = deleted.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(new Date(/Expires=([^;]+)/.exec(clearing)![1]!).getTime()).toBeLessThan(Date.now());
    expect((await call('GET', '/account', { cookie })).status).toBe(401);
  });

  it('on the wire: a cross-site browser gets the token in X-Fallback-Cookies, and that header signs in', async () => {
    const user = await signUp(context, 'fallback');
    const created = await call('POST', '/account/sessions/email', { origin: 'http://allowed.test' }, { email: user.email, password: user.password });
    expect(created.status).toBe(201);
    const fallback = JSON.parse(created.headers.get('x-fallback-cookies')!);
    expect(fallback).toEqual({ [SESSION_COOKIE]: sessionCookieOf(created) });
    const account = await call('GET', '/account', { 'x-fallback-cookies': JSON.stringify(fallback), origin: 'http://allowed.test' });
    expect(account.status).toBe(200);
    expect((await account.json()).email).toBe(user.email);

    const signedOut = await call('DELETE', '/account/sessions/current', { 'x-fallback-cookies': JSON.stringify(fallback), origin: 'http://allowed.test' });
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.get('x-fallback-cookies')).toBe('[]');
  });

  it('on the wire: a garbage or unknown session token is a guest, not an error', async () => {
    const user = await signUp(context, 'garbage');
    const forged = Buffer.from(JSON.stringify({ id: user.id, secret: 'f'.repeat(256) })).toString('base64');
    for (const token of ['not-base64-json', forged]) {
      const response = await call('GET', '/account', { 'x-appwrite-session': token });
      expect(response.status).toBe(401);
      expect((await response.json()).type).toBe('general_unauthorized_scope');
    }
  });

  it('createJWT gives a token that acts as the session through setJWT', async () => {
    const { connection, user } = await signUpAndIn(context, 'jwt');
    const { jwt } = await connection.account.createJWT();
    const [, payload] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    expect(claims.userId).toBe(user.id);
    expect(claims.exp - claims.iat).toBe(900);

    const server = context.connect(TEST_PROJECT).setJWT(jwt);
    expect((await server.account.get()).$id).toBe(user.id);
    expect((await server.account.updateName('Via JWT')).name).toBe('Via JWT');
    const raw = await call('GET', '/account', { 'x-appwrite-jwt': jwt });
    expect(raw.status).toBe(200);
  });

  it.runIf(context.sdk.hasJwtDuration)('createJWT with a duration gives a token that lives that long', async () => {
    const { connection, user } = await signUpAndIn(context, 'jwt-duration');
    const { jwt } = await connection.account.createJWT(60);
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.exp - claims.iat).toBe(60);
    expect((await context.connect(TEST_PROJECT).setJWT(jwt).account.get()).$id).toBe(user.id);
    await expectSdkError(context.sdk, () => connection.account.createJWT(3601), { code: 400, type: 'general_argument_invalid' });
  });

  it('a JWT and a session together are user_jwt_and_cookie_set; a bad JWT is user_jwt_invalid', async () => {
    const { connection, token } = await signUpAndIn(context, 'jwt-bad');
    const { jwt } = await connection.account.createJWT();
    const both = withSession(context, token).setJWT(jwt);
    await expectSdkError(context.sdk, () => both.account.get(), { code: 403, type: 'user_jwt_and_cookie_set' });

    const tampered = `${jwt.slice(0, -4)}${jwt.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    for (const bad of [tampered, 'not.a.jwt', 'garbage']) {
      const error = await expectSdkError(context.sdk, () => context.connect(TEST_PROJECT).setJWT(bad).account.get(), { code: 401, type: 'user_jwt_invalid' });
      expect(error.message).toMatch(/^Failed to verify JWT\./);
    }
  });

  it('a JWT stops working when its session ends', async () => {
    const { connection } = await signUpAndIn(context, 'jwt-ended');
    const { jwt } = await connection.account.createJWT();
    await connection.account.deleteSession('current');
    await expectSdkError(context.sdk, () => context.connect(TEST_PROJECT).setJWT(jwt).account.get(), { code: 401, type: 'user_jwt_invalid' });
  });
});
