// One-time secrets through the official SDKs: magic URL, e-mail and phone codes, password recovery,
// and e-mail and phone verification. Each secret is picked out of the mail or text the server sent.
import { expect, it } from 'vitest';
import { authDb } from '../../src/db/system/auth-tables.ts';
import { TEST_PROJECT } from '../support/test-server.ts';
import { captureSession, codeIn, freshUser, lastMessageTo, linkIn, linkSecret, messageCount, signIn, signUp, signUpAndIn, SITE_PAGE } from './support/accounts.ts';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const invalidToken = { code: 401, type: 'user_invalid_token' };
const invalidCredentials = { code: 401, type: 'user_invalid_credentials' };

/** Roughly `minutes` from now, as an Appwrite date. */
function expectExpiryIn(expire: string, minutes: number): void {
  expect(expire).toMatch(APPWRITE_DATE);
  expect(Math.abs(new Date(expire).getTime() - Date.now() - minutes * 60_000)).toBeLessThan(60_000);
}

describeCompat('account tokens', (context) => {
  const newClient = () => context.connect(TEST_PROJECT);

  it('magic URL: the mailed link signs in once, verifies the address and creates the account', async () => {
    const { email, id } = freshUser('magic');
    const token = await context.guest.account.createMagicURLToken(id, email, SITE_PAGE);
    expect(token).toMatchObject({ userId: id, secret: '', phrase: '' });
    expectExpiryIn(token.expire, 60);

    const mail = await lastMessageTo(context, email);
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(SITE_PAGE);
    expect(link.searchParams.get('project')).toBe(TEST_PROJECT);
    const { userId, secret } = linkSecret(link);
    expect(userId).toBe(id);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    const client = newClient();
    const { result: session, token: cookie } = await captureSession(() => client.account.updateMagicURLSession(userId, secret));
    expect(session).toMatchObject({ userId: id, provider: 'magic-url', providerUid: email, factors: ['email'], current: true });
    expect(await client.setSession(cookie).account.get()).toMatchObject({ $id: id, email, emailVerification: true, passwordUpdate: '' });
    await expectSdkError(context.sdk, () => newClient().account.updateMagicURLSession(userId, secret), invalidToken);
  });

  it('magic URL with a phrase: the token and the mail show the same phrase; createSession takes the link too', async () => {
    const user = await signUp(context, 'magic-phrase');
    const token = await context.guest.account.createMagicURLToken(context.sdk.ID.unique(), user.email, SITE_PAGE, true);
    expect(token.userId).toBe(user.id);
    expect(token.phrase).toMatch(/^[A-Z][a-z]+ [a-z]+$/);
    const mail = await lastMessageTo(context, user.email);
    expect(mail.text).toContain(token.phrase);
    const { userId, secret } = linkSecret(linkIn(mail));
    const { result: session } = await captureSession(() => newClient().account.createSession(userId, secret));
    expect(session).toMatchObject({ userId: user.id, provider: 'magic-url' });
  });

  it('magic URL to a page on another host is refused and nothing is sent', async () => {
    const { email, id } = freshUser('magic-foreign');
    await expectSdkError(context.sdk, () => context.guest.account.createMagicURLToken(id, email, 'https://evil.test/steal'), { code: 400, type: 'general_argument_invalid' });
    expect(await messageCount(context, email)).toBe(0);
  });

  it('e-mail code: the 6 digits of the mail sign in with createSession, once', async () => {
    const { email, id } = freshUser('email-code');
    const token = await context.guest.account.createEmailToken(id, email, true);
    expect(token).toMatchObject({ userId: id, secret: '' });
    expectExpiryIn(token.expire, 15);
    const mail = await lastMessageTo(context, email);
    expect(mail.text).toContain(token.phrase);
    const code = codeIn(mail);

    await expectSdkError(context.sdk, () => newClient().account.createSession(id, code === '000000' ? '111111' : '000000'), invalidToken);
    const client = newClient();
    const { result: session, token: cookie } = await captureSession(() => client.account.createSession(id, code));
    expect(session).toMatchObject({ userId: id, provider: 'email', factors: ['email'] });
    expect(await client.setSession(cookie).account.get()).toMatchObject({ $id: id, email, emailVerification: true });
    await expectSdkError(context.sdk, () => newClient().account.createSession(id, code), invalidToken);
  });

  it('a code is only good for its own user', async () => {
    const first = freshUser('code-owner');
    const second = freshUser('code-other');
    await context.guest.account.createEmailToken(first.id, first.email);
    await context.guest.account.createEmailToken(second.id, second.email);
    const code = codeIn(await lastMessageTo(context, first.email));
    await expectSdkError(context.sdk, () => newClient().account.createSession(second.id, code), invalidToken);
    await expectSdkError(context.sdk, () => newClient().account.createSession('nosuchuser', code), invalidToken);
  });

  it('asking several times at once for a code to a new address creates one account and sends every code', async () => {
    const { email } = freshUser('code-burst');
    const tokens = await Promise.all([1, 2, 3, 4].map(() => context.guest.account.createEmailToken(context.sdk.ID.unique(), email)));
    expect(new Set(tokens.map((token) => token.userId)).size).toBe(1);
    expect(await messageCount(context, email)).toBe(4);
  });

  it('phone code: the texted code signs in with updatePhoneSession and verifies the number', async () => {
    const { id } = freshUser('phone-code');
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    const token = await context.guest.account.createPhoneToken(id, phone);
    expect(token).toMatchObject({ userId: id, secret: '' });
    expectExpiryIn(token.expire, 15);
    const text = await lastMessageTo(context, phone);
    expect(text.channel).toBe('sms');
    expect(text.text).toContain('expires in 15 minutes');
    const client = newClient();
    const { result: session, token: cookie } = await captureSession(() => client.account.updatePhoneSession(id, codeIn(text)));
    expect(session).toMatchObject({ userId: id, provider: 'phone', providerUid: phone, factors: ['phone'] });
    expect(await client.setSession(cookie).account.get()).toMatchObject({ $id: id, phone, phoneVerification: true, email: '' });
  });

  it('recovery: the mailed link sets a new password; then only the new one signs in', async () => {
    const user = await signUp(context, 'recovery');
    const token = await context.guest.account.createRecovery(user.email, SITE_PAGE);
    expect(token).toMatchObject({ userId: user.id, secret: '' });
    expectExpiryIn(token.expire, 60);
    const link = linkIn(await lastMessageTo(context, user.email));
    expect(`${link.origin}${link.pathname}`).toBe(SITE_PAGE);
    const { userId, secret } = linkSecret(link);
    expect(secret).toMatch(/^[0-9a-f]{256}$/);

    const done = await newClient().account.updateRecovery(userId, secret, 'recovered-password');
    expect(done.userId).toBe(user.id);
    await expectSdkError(context.sdk, () => signIn(context, user), invalidCredentials);
    const { connection } = await signIn(context, { email: user.email, password: 'recovered-password' });
    expect((await connection.account.get()).emailVerification).toBe(true);

    await expectSdkError(context.sdk, () => newClient().account.updateRecovery(userId, secret, 'another-password'), invalidToken);
    await signIn(context, { email: user.email, password: 'recovered-password' });
  });

  it('recovery: an expired link is user_invalid_token and the password stays', async () => {
    const user = await signUp(context, 'recovery-expired');
    await context.guest.account.createRecovery(user.email, SITE_PAGE);
    const { userId, secret } = linkSecret(linkIn(await lastMessageTo(context, user.email)));
    const past = new Date(Date.now() - 1000).toISOString().replace('Z', '+00:00');
    await authDb(context.server.app.services.dialect).updateTable('_auth_tokens').set({ expire: past }).where('user_id', '=', userId).execute();
    await expectSdkError(context.sdk, () => newClient().account.updateRecovery(userId, secret, 'too-late-password'), invalidToken);
    await signIn(context, user);
  });

  it('recovery: a wrong secret, an unknown e-mail and a page on another host are refused', async () => {
    const user = await signUp(context, 'recovery-bad');
    await context.guest.account.createRecovery(user.email, SITE_PAGE);
    await expectSdkError(context.sdk, () => newClient().account.updateRecovery(user.id, 'f'.repeat(256), 'guessed-password'), invalidToken);
    await expectSdkError(context.sdk, () => context.guest.account.createRecovery(freshUser('nobody').email, SITE_PAGE), { code: 404, type: 'user_not_found' });
    const before = await messageCount(context, user.email);
    const error = await expectSdkError(context.sdk, () => context.guest.account.createRecovery(user.email, 'https://evil.test/reset'), { code: 400, type: 'general_argument_invalid' });
    expect(error.message).toContain('url');
    expect(await messageCount(context, user.email)).toBe(before);
    await signIn(context, user);
  });

  it('e-mail verification: the mailed link verifies the address, even without a session; a second request is 409', async () => {
    const { connection, user } = await signUpAndIn(context, 'verify');
    const token = await connection.account.createVerification(SITE_PAGE);
    expect(token).toMatchObject({ userId: user.id, secret: '' });
    expectExpiryIn(token.expire, 60);
    const { userId, secret } = linkSecret(linkIn(await lastMessageTo(context, user.email)));
    expect(secret).toMatch(/^[0-9a-f]{256}$/);
    await expectSdkError(context.sdk, () => newClient().account.updateVerification(userId, 'f'.repeat(256)), invalidToken);

    expect((await newClient().account.updateVerification(userId, secret)).userId).toBe(user.id);
    expect((await connection.account.get()).emailVerification).toBe(true);
    await expectSdkError(context.sdk, () => newClient().account.updateVerification(userId, secret), invalidToken);
    await expectSdkError(context.sdk, () => connection.account.createVerification(SITE_PAGE), { code: 409, type: 'user_email_already_verified' });
    await expectSdkError(context.sdk, () => context.guest.account.createVerification(SITE_PAGE), { code: 401, type: 'general_unauthorized_scope' });
  });

  it('phone verification: the texted code verifies the number; a second request is 409', async () => {
    const { connection, user } = await signUpAndIn(context, 'verify-phone');
    await expectSdkError(context.sdk, () => connection.account.createPhoneVerification(), { code: 400, type: 'user_phone_not_found' });
    const phone = `+2556${String(Date.now()).slice(-8)}`;
    await connection.account.updatePhone(phone, user.password);
    const token = await connection.account.createPhoneVerification();
    expect(token).toMatchObject({ userId: user.id, secret: '' });
    expectExpiryIn(token.expire, 60);
    const text = await lastMessageTo(context, phone);
    expect(text.text).toContain('expires in 1 hour');
    const code = codeIn(text);

    await connection.account.updatePhoneVerification(user.id, code);
    expect(await connection.account.get()).toMatchObject({ phone, phoneVerification: true });
    await expectSdkError(context.sdk, () => connection.account.updatePhoneVerification(user.id, code), invalidToken);
    await expectSdkError(context.sdk, () => connection.account.createPhoneVerification(), { code: 409, type: 'user_phone_already_verified' });
  });
});
