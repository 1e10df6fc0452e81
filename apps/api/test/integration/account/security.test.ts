// What the account service promises about secrets and boundaries, each stated as a check:
// - no password, link secret, code, session token or JWT is ever written to a log line or put in
//   an error message;
// - the database holds only hashes of session and token secrets and an argon2id hash of the password;
// - the session cookie is HttpOnly and SameSite=Lax, and Secure when the request came over HTTPS
//   (as a trusted proxy says), never because an untrusted client claims it;
// - writes from a foreign browser origin are refused and change nothing;
// - one user's session never reads or changes another user's account, sessions, identities or targets;
// - a secret only works for what it was issued for.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { authDb } from '../../../src/db/system/auth-tables.ts';
import { outboxDir } from '../../../src/mail/index.ts';
import { readOutbox } from '../../support/outbox.ts';
import { describeEachEngine, useTestServer } from '../../support/scenario.ts';
import type { TestServer } from '../../support/test-server.ts';
import {
  call,
  codeIn,
  fails,
  freshCredentials,
  linkIn,
  ok,
  secretOf,
  SESSION_COOKIE,
  sessionSetCookie,
  sessionTokenOf,
  signIn,
  signUp,
  SITE_PAGE,
} from '../../support/account-http.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const FOREIGN = 'http://evil.test';

async function lastMessageText(server: TestServer, to: string): Promise<string> {
  const message = (await readOutbox(outboxDir(server.dataDir))).filter((entry) => entry.to === to).at(-1);
  if (!message) throw new Error(`nothing was sent to ${to}`);
  return message.text;
}

/** Every row of the account tables, as text. */
async function dumpAuthTables(server: TestServer): Promise<string> {
  const db = authDb(server.app.services.dialect);
  const tables = ['_auth_users', '_auth_sessions', '_auth_tokens', '_auth_challenges', '_auth_logs', '_auth_identities', '_auth_targets'] as const;
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
  return JSON.stringify(rows);
}

describeEachEngine('account security', (engine) => {
  const logLines: string[] = [];
  const server = useTestServer(engine, {
    env: { LOG_LEVEL: 'debug', ABUSE_LIMITS: 'disabled' },
    appOptions: { logStream: { write: (line) => void logLines.push(line) } },
  });

  it('no password, secret, code, session token or JWT reaches a log line or an error message', async () => {
    const secrets: string[] = [];
    /** Six-digit codes: searched for as whole numbers, since any timestamp may contain six digits in a row. */
    const codes: string[] = [];
    const errorMessages: string[] = [];
    const keep = (...values: string[]) => secrets.push(...values);
    const refused = async (...args: Parameters<typeof fails>) => errorMessages.push(JSON.stringify(await fails(...args)));

    // Sign-up, sign-in, a wrong password.
    const user = await signUp(server(), 'logs');
    keep(user.password);
    const { token } = await signIn(server(), user);
    keep(token, secretOf(token));
    keep('wrong-password-9f31c7e2');
    await refused(server(), 'POST', '/account/sessions/email', { code: 401, type: 'user_invalid_credentials' }, { body: { email: user.email, password: 'wrong-password-9f31c7e2' } });
    await refused(server(), 'PATCH', '/account/password', { code: 401, type: 'user_invalid_credentials' }, { session: token, body: { password: 'next-password-77aa01bc', oldPassword: 'wrong-password-9f31c7e2' } });
    keep('next-password-77aa01bc');

    // JWT, good and tampered.
    const { jwt } = await ok(server(), 'POST', '/account/jwts', { session: token });
    keep(jwt, jwt.split('.')[2]);
    await ok(server(), 'GET', '/account', { headers: { 'x-appwrite-jwt': jwt } });
    await refused(server(), 'GET', '/account', { code: 401, type: 'user_jwt_invalid' }, { headers: { 'x-appwrite-jwt': `${jwt}x` } });
    await refused(server(), 'GET', '/account', { code: 403, type: 'user_jwt_and_cookie_set' }, { session: token, headers: { 'x-appwrite-jwt': jwt } });

    // Recovery, used once and then again.
    await ok(server(), 'POST', '/account/recovery', { body: { email: user.email, url: SITE_PAGE } });
    const recovery = linkIn(await lastMessageText(server(), user.email));
    const recoverySecret = recovery.searchParams.get('secret')!;
    keep(recoverySecret, 'recovered-password-31c4');
    await ok(server(), 'PUT', '/account/recovery', { body: { userId: user.id, secret: recoverySecret, password: 'recovered-password-31c4' } });
    await refused(server(), 'PUT', '/account/recovery', { code: 401, type: 'user_invalid_token' }, { body: { userId: user.id, secret: recoverySecret, password: 'recovered-password-31c4' } });

    // Magic URL.
    const magicUser = freshCredentials('logsmagic');
    await ok(server(), 'POST', '/account/tokens/magic-url', { body: { userId: magicUser.id, email: magicUser.email, url: SITE_PAGE } });
    const magicSecret = linkIn(await lastMessageText(server(), magicUser.email)).searchParams.get('secret')!;
    keep(magicSecret);
    const magicSession = await call(server(), 'PUT', '/account/sessions/magic-url', { body: { userId: magicUser.id, secret: magicSecret } });
    keep(sessionTokenOf(magicSession));
    await refused(server(), 'PUT', '/account/sessions/magic-url', { code: 401, type: 'user_invalid_token' }, { body: { userId: magicUser.id, secret: magicSecret } });

    // E-mail and phone codes, an MFA e-mail challenge and an authenticator secret.
    const otpUser = freshCredentials('logsotp');
    await ok(server(), 'POST', '/account/tokens/email', { body: { userId: otpUser.id, email: otpUser.email } });
    const emailCode = codeIn(await lastMessageText(server(), otpUser.email));
    codes.push(emailCode);
    const otpSession = sessionTokenOf(await call(server(), 'POST', '/account/sessions/token', { body: { userId: otpUser.id, secret: emailCode } }));
    keep(otpSession);
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    await ok(server(), 'POST', '/account/tokens/phone', { body: { userId: 'unique()', phone } });
    codes.push(codeIn(await lastMessageText(server(), phone)));
    const challenge = await ok(server(), 'POST', '/account/mfa/challenge', { session: otpSession, body: { factor: 'email' } });
    const challengeCode = codeIn(await lastMessageText(server(), otpUser.email));
    codes.push(challengeCode);
    await ok(server(), 'PUT', '/account/mfa/challenge', { session: otpSession, body: { challengeId: challenge.$id, otp: challengeCode } });
    const { secret: totpSecret } = await ok(server(), 'POST', '/account/mfa/authenticators/totp', { session: otpSession });
    keep(totpSecret);

    if (process.env['SHOW_LOGS']) console.log(logLines.join(''));
    // The capture works: the server did log, at debug level, a line for each message it sent.
    expect(logLines.some((line) => line.includes(`mail: recovery to ${user.email}`))).toBe(true);
    expect(logLines.some((line) => line.includes(`sms: message to ${phone}`))).toBe(true);
    for (const secret of secrets) {
      expect(secret.length, 'a secret long enough to be searched for').toBeGreaterThanOrEqual(16);
      for (const line of logLines) expect(line, 'a log line').not.toContain(secret);
      for (const message of errorMessages) expect(message, 'an error body').not.toContain(secret);
    }
    const anyCode = new RegExp(`(?<![\\d-])(${codes.join('|')})(?![\\d-])`);
    for (const line of [...logLines, ...errorMessages]) expect(line).not.toMatch(anyCode);
  });

  it('the database keeps only SHA-256 hashes of session and token secrets and an argon2id hash of the password', async () => {
    const user = await signUp(server(), 'hashes');
    const { token, session } = await signIn(server(), user);
    const sessionSecret = secretOf(token);
    expect(sessionSecret).toMatch(/^[0-9a-f]{256}$/);
    const db = authDb(server().app.services.dialect);
    const row = await db.selectFrom('_auth_sessions').selectAll().where('id', '=', session.$id).executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toBe(sessionSecret);
    expect(row.secret_hash).toBe(sha256(sessionSecret));

    await ok(server(), 'POST', '/account/recovery', { body: { email: user.email, url: SITE_PAGE } });
    const recoverySecret = linkIn(await lastMessageText(server(), user.email)).searchParams.get('secret')!;
    const tokenRow = await db.selectFrom('_auth_tokens').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(tokenRow.secret_hash).toBe(sha256(recoverySecret));

    const userRow = await db.selectFrom('_auth_users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(userRow.password_hash).toMatch(/^\$argon2id\$/);

    const everything = await dumpAuthTables(server());
    for (const secret of [sessionSecret, token, recoverySecret, user.password]) expect(everything).not.toContain(secret);
  });

  it('the session cookie is HttpOnly, SameSite=Lax, for the whole site, and ends with the session', async () => {
    const user = await signUp(server(), 'cookie');
    const { response, session } = await signIn(server(), user);
    const line = sessionSetCookie(response)!;
    const attributes = line.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
    expect(attributes).not.toContain('Secure');
    const expires = new Date(/Expires=([^;]+)/.exec(line)![1]!).getTime();
    expect(Math.abs(expires - new Date(session.expire).getTime())).toBeLessThan(1000);
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith(SESSION_COOKIE))).toHaveLength(1);
  });

  it('the cookie is Secure when a trusted proxy says the request came over HTTPS, and only then', async () => {
    const user = await signUp(server(), 'secure');
    // Our test client connects over loopback, which TRUST_PROXY trusts by default.
    const proxied = await signIn(server(), user, { 'x-forwarded-proto': 'https' });
    expect(sessionSetCookie(proxied.response)!.split('; ')).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax']));
    const signedOut = await call(server(), 'DELETE', '/account/sessions/current', { session: proxied.token, headers: { 'x-forwarded-proto': 'https' } });
    expect(sessionSetCookie(signedOut)!.split('; ')).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax']));

    // A client on the internet claiming HTTPS is not believed.
    const untrusted = await server().app.server.inject({
      method: 'POST',
      url: '/v1/account/sessions/email',
      remoteAddress: '203.0.113.9',
      headers: { 'x-appwrite-project': 'test-project', 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      payload: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(untrusted.statusCode).toBe(201);
    const cookie = [untrusted.headers['set-cookie']].flat().find((entry) => entry?.startsWith(SESSION_COOKIE))!;
    expect(cookie.split('; ')).not.toContain('Secure');
    expect(JSON.parse(untrusted.body).ip).toBe('203.0.113.9');
  });

  it('a write from a foreign browser origin is general_unknown_origin and changes nothing', async () => {
    const user = await signUp(server(), 'origin');
    const { token } = await signIn(server(), user);
    const foreign = { origin: FOREIGN };
    const stranger = freshCredentials('originnew');

    const signUpAttempt = await fails(server(), 'POST', '/account', { code: 403, type: 'general_unknown_origin' }, { headers: foreign, body: { userId: stranger.id, email: stranger.email, password: stranger.password } });
    expect(signUpAttempt.message).toContain('evil.test');
    await fails(server(), 'POST', '/account/sessions/email', { code: 401, type: 'user_invalid_credentials' }, { body: { email: stranger.email, password: stranger.password } });

    await fails(server(), 'POST', '/account/sessions/email', { code: 403, type: 'general_unknown_origin' }, { headers: foreign, body: { email: user.email, password: user.password } });
    await fails(server(), 'PATCH', '/account/name', { code: 403, type: 'general_unknown_origin' }, { session: token, headers: foreign, body: { name: 'Hijacked' } });
    await fails(server(), 'PATCH', '/account/password', { code: 403, type: 'general_unknown_origin' }, { session: token, headers: foreign, body: { password: 'hijacked-password', oldPassword: user.password } });
    await fails(server(), 'DELETE', '/account/sessions', { code: 403, type: 'general_unknown_origin' }, { session: token, headers: foreign });
    await fails(server(), 'POST', '/account/jwts', { code: 403, type: 'general_unknown_origin' }, { session: token, headers: foreign });

    const account = await ok(server(), 'GET', '/account', { session: token });
    expect(account.name).toBe('');
    expect((await ok(server(), 'GET', '/account/sessions', { session: token })).total).toBe(1);
    await signIn(server(), user);
    // A foreign page may send a read, but the browser does not let it see the answer.
    const read = await call(server(), 'GET', '/account', { session: token, headers: foreign });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    // The site's own origin may write.
    expect((await ok(server(), 'PATCH', '/account/name', { session: token, headers: { origin: 'http://allowed.test' }, body: { name: 'Mine' } })).name).toBe('Mine');
  });

  it('one user\'s session cannot read or change another user\'s sessions, identities or targets', async () => {
    const alice = await signUp(server(), 'alice');
    const bob = await signUp(server(), 'bob');
    const a = await signIn(server(), alice);
    const b = await signIn(server(), bob);
    const aliceSession = a.session.$id;
    const notFound = { code: 404, type: 'user_session_not_found' };

    expect((await ok(server(), 'GET', '/account', { session: b.token })).$id).toBe(bob.id);
    await ok(server(), 'PATCH', '/account/name', { session: b.token, body: { name: 'Bob' } });
    await ok(server(), 'PATCH', '/account/prefs', { session: b.token, body: { prefs: { theme: 'bob' } } });
    expect(await ok(server(), 'GET', '/account', { session: a.token })).toMatchObject({ $id: alice.id, name: '', prefs: {} });
    const bobsSessions = await ok(server(), 'GET', '/account/sessions', { session: b.token });
    expect(bobsSessions.sessions.map((session: { userId: string }) => session.userId)).toEqual([bob.id]);
    await fails(server(), 'GET', `/account/sessions/${aliceSession}`, notFound, { session: b.token });
    await fails(server(), 'PATCH', `/account/sessions/${aliceSession}`, notFound, { session: b.token });
    await fails(server(), 'DELETE', `/account/sessions/${aliceSession}`, notFound, { session: b.token });
    const stillAlice = await ok(server(), 'GET', `/account/sessions/${aliceSession}`, { session: a.token });
    expect(stillAlice.expire).toBe(a.session.expire);

    // Identities: Alice's GitHub link, as an OAuth2 sign-in would store it.
    const stamp = new Date().toISOString().replace('Z', '+00:00');
    const identityId = `idn${alice.id}`.slice(0, 36);
    await authDb(server().app.services.dialect).insertInto('_auth_identities').values({
      id: identityId, user_id: alice.id, provider: 'github', provider_uid: '77', provider_email: alice.email,
      provider_access_token: '', provider_access_token_expiry: '', provider_refresh_token: '', created_at: stamp, updated_at: stamp,
    }).execute();
    expect((await ok(server(), 'GET', '/account/identities', { session: b.token })).total).toBe(0);
    await fails(server(), 'DELETE', `/account/identities/${identityId}`, { code: 404, type: 'user_identity_not_found' }, { session: b.token });
    expect((await ok(server(), 'GET', '/account/identities', { session: a.token })).total).toBe(1);

    // Push targets.
    const target = await ok(server(), 'POST', '/account/targets/push', { session: a.token, body: { targetId: 'unique()', identifier: 'alice-device' } });
    await fails(server(), 'PUT', `/account/targets/${target.$id}/push`, { code: 404, type: 'user_target_not_found' }, { session: b.token, body: { identifier: 'bob-device' } });
    await fails(server(), 'DELETE', `/account/targets/${target.$id}/push`, { code: 404, type: 'user_target_not_found' }, { session: b.token });
    await fails(server(), 'POST', '/account/targets/push', { code: 409, type: 'user_target_already_exists' }, { session: b.token, body: { targetId: target.$id, identifier: 'bob-device' } });
    const aliceAccount = await ok(server(), 'GET', '/account', { session: a.token });
    expect(aliceAccount.targets.find((entry: { $id: string }) => entry.$id === target.$id)).toMatchObject({ userId: alice.id, identifier: 'alice-device' });
  });

  it('a token or JWT cannot be bent to another user', async () => {
    const alice = await signUp(server(), 'bendalice');
    const bob = await signUp(server(), 'bendbob');
    const a = await signIn(server(), alice);
    const b = await signIn(server(), bob);

    // Bob's session secret under Alice's id is nobody.
    const mixed = Buffer.from(JSON.stringify({ id: alice.id, secret: secretOf(b.token) })).toString('base64');
    await fails(server(), 'GET', '/account', { code: 401, type: 'general_unauthorized_scope' }, { session: mixed });

    // Bob's JWT with Alice's id written into it no longer verifies.
    const { jwt } = await ok(server(), 'POST', '/account/jwts', { session: b.token });
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, userId: alice.id, sessionId: a.session.$id })).toString('base64url')}.${signature}`;
    await fails(server(), 'GET', '/account', { code: 401, type: 'user_jwt_invalid' }, { headers: { 'x-appwrite-jwt': forged } });

    // Bob's recovery secret does not reset Alice's password.
    await ok(server(), 'POST', '/account/recovery', { body: { email: bob.email, url: SITE_PAGE } });
    const bobsSecret = linkIn(await lastMessageText(server(), bob.email)).searchParams.get('secret')!;
    await fails(server(), 'PUT', '/account/recovery', { code: 401, type: 'user_invalid_token' }, { body: { userId: alice.id, secret: bobsSecret, password: 'taken-over-password' } });
    await signIn(server(), alice);
  });

  it('a secret only works for what it was issued for', async () => {
    const user = await signUp(server(), 'kinds');
    const { token } = await signIn(server(), user);
    const invalid = { code: 401, type: 'user_invalid_token' };

    await ok(server(), 'POST', '/account/recovery', { body: { email: user.email, url: SITE_PAGE } });
    const recoverySecret = linkIn(await lastMessageText(server(), user.email)).searchParams.get('secret')!;
    await ok(server(), 'POST', '/account/verification', { session: token, body: { url: SITE_PAGE } });
    const verificationSecret = linkIn(await lastMessageText(server(), user.email)).searchParams.get('secret')!;
    await ok(server(), 'POST', '/account/tokens/magic-url', { body: { userId: 'unique()', email: user.email, url: SITE_PAGE } });
    const magicSecret = linkIn(await lastMessageText(server(), user.email)).searchParams.get('secret')!;

    for (const secret of [recoverySecret, verificationSecret]) {
      await fails(server(), 'POST', '/account/sessions/token', invalid, { body: { userId: user.id, secret } });
    }
    await fails(server(), 'PUT', '/account/recovery', invalid, { body: { userId: user.id, secret: magicSecret, password: 'hijacked-password' } });
    await fails(server(), 'PUT', '/account/recovery', invalid, { body: { userId: user.id, secret: verificationSecret, password: 'hijacked-password' } });
    await fails(server(), 'PUT', '/account/verification', invalid, { body: { userId: user.id, secret: recoverySecret } });
    // Each still works for its own purpose.
    await ok(server(), 'PUT', '/account/verification', { body: { userId: user.id, secret: verificationSecret } });
    await ok(server(), 'PUT', '/account/recovery', { body: { userId: user.id, secret: recoverySecret, password: 'a-new-password' } });
    expect((await call(server(), 'POST', '/account/sessions/token', { body: { userId: user.id, secret: magicSecret } })).status).toBe(201);
  });
});
