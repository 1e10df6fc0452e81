// Multi-factor sign-in through the official SDKs: enrolling an authenticator app, turning MFA on,
// completing challenges by app code, e-mailed code and recovery code, and the recovery codes.
import { expect, it } from 'vitest';
import { authDb } from '../../src/db/system/auth-tables.ts';
import { totpCode } from '../../src/services/account/primitives/totp.ts';
import { codeIn, lastMessageTo, linkIn, linkSecret, signIn, signUpAndIn, SITE_PAGE, type SignedIn, type TestUser } from './support/accounts.ts';
import type { CompatContext } from './support/compat-suite.ts';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const moreFactors = { code: 401, type: 'user_more_factors_required' };
const challengeRequired = { code: 401, type: 'user_challenge_required' };
const invalidToken = { code: 401, type: 'user_invalid_token' };

/** A signed-in user with a verified authenticator app; `secret` is what the app holds. */
async function withAuthenticator(context: CompatContext, label: string): Promise<SignedIn & { user: TestUser; secret: string }> {
  const signedIn = await signUpAndIn(context, label);
  const { secret } = await signedIn.connection.account.createMfaAuthenticator('totp');
  await signedIn.connection.account.updateMfaAuthenticator('totp', totpCode(secret));
  return { ...signedIn, secret };
}

/** Makes the caller's last completed challenge older than the 30-minute "recent" window. */
async function ageLastChallenge(context: CompatContext, sessionId: string): Promise<void> {
  const longAgo = new Date(Date.now() - 31 * 60 * 1000).toISOString().replace('Z', '+00:00');
  await authDb(context.server.app.services.dialect).updateTable('_auth_sessions').set({ mfa_updated_at: longAgo }).where('id', '=', sessionId).execute();
}

describeCompat('account MFA', (context) => {
  it('enrolling an authenticator: the secret and otpauth URI, a wrong code refused, a right one verifies it', async () => {
    const { connection, user, session } = await signUpAndIn(context, 'enrol');
    expect(await connection.account.listMfaFactors()).toEqual({ totp: false, phone: false, email: false, recoveryCode: false });
    await expectSdkError(context.sdk, () => connection.account.updateMfaAuthenticator('totp', '123456'), { code: 404, type: 'user_authenticator_not_found' });

    const { secret, uri } = await connection.account.createMfaAuthenticator('totp');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toContain(user.email);
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('Ballot Atlas');

    const right = totpCode(secret);
    await expectSdkError(context.sdk, () => connection.account.updateMfaAuthenticator('totp', right === '000000' ? '111111' : '000000'), invalidToken);
    expect((await connection.account.listMfaFactors()).totp).toBe(false);
    await connection.account.updateMfaAuthenticator('totp', right);
    expect(await connection.account.listMfaFactors()).toEqual({ totp: true, phone: false, email: false, recoveryCode: false });
    expect((await connection.account.getSession(session.$id)).factors).toEqual(['password', 'totp']);
    await expectSdkError(context.sdk, () => connection.account.createMfaAuthenticator('totp'), { code: 409, type: 'user_authenticator_already_verified' });
  });

  it('with MFA on, a new session must complete a TOTP challenge before anything else answers', async () => {
    const { connection, user, secret } = await withAuthenticator(context, 'totp-challenge');
    expect((await connection.account.updateMFA(true)).mfa).toBe(true);

    const fresh = await signIn(context, user);
    expect(fresh.session.factors).toEqual(['password']);
    await expectSdkError(context.sdk, () => fresh.connection.account.get(), moreFactors);
    await expectSdkError(context.sdk, () => fresh.connection.account.updateName('Not yet'), moreFactors);
    await expectSdkError(context.sdk, () => fresh.connection.account.createJWT(), moreFactors);
    expect((await fresh.connection.account.listMfaFactors()).totp).toBe(true);

    const challenge = await fresh.connection.account.createMfaChallenge('totp');
    expect(challenge).toMatchObject({ userId: user.id });
    expect(challenge.expire).toMatch(APPWRITE_DATE);
    expect(Math.abs(new Date(challenge.expire).getTime() - Date.now() - 60 * 60_000)).toBeLessThan(60_000);
    await expectSdkError(context.sdk, () => fresh.connection.account.updateMfaChallenge(challenge.$id, 'abcdef'), invalidToken);
    const completed = await fresh.connection.account.updateMfaChallenge(challenge.$id, totpCode(secret));
    expect(completed).toMatchObject({ $id: fresh.session.$id, factors: ['password', 'totp'] });
    expect(completed.mfaUpdatedAt).toMatch(APPWRITE_DATE);
    expect((await fresh.connection.account.get()).$id).toBe(user.id);
    // A completed challenge is gone.
    await expectSdkError(context.sdk, () => fresh.connection.account.updateMfaChallenge(challenge.$id, totpCode(secret)), invalidToken);
  });

  it('a session waiting for its second factor can still sign out', async () => {
    const { connection, user } = await withAuthenticator(context, 'mfa-signout');
    await connection.account.updateMFA(true);
    const fresh = await signIn(context, user);
    await fresh.connection.account.deleteSession('current');
    await expectSdkError(context.sdk, () => fresh.connection.account.listMfaFactors(), { code: 401, type: 'general_unauthorized_scope' });
  });

  it('turning MFA on keeps the session that did it signed in: its verified factors count', async () => {
    const { connection, user, session } = await signUpAndIn(context, 'mfa-on-here');
    await connection.account.createVerification(SITE_PAGE);
    const { userId, secret } = linkSecret(linkIn(await lastMessageTo(context, user.email)));
    await connection.account.updateVerification(userId, secret);
    expect((await connection.account.getSession('current')).factors).toEqual(['password']);

    await connection.account.updateMFA(true);
    expect((await connection.account.get()).mfa).toBe(true);
    const current = await connection.account.getSession(session.$id);
    expect(current.factors).toEqual(['password', 'email']);
    // Turning it on is not a challenge: the recent-challenge rule still applies.
    expect(current.mfaUpdatedAt).toBe('');
    const fresh = await signIn(context, user);
    await expectSdkError(context.sdk, () => fresh.connection.account.get(), moreFactors);
  });

  it('MFA on without any verified second factor does not lock the user out', async () => {
    const { connection, user } = await signUpAndIn(context, 'mfa-nothing');
    await connection.account.updateMFA(true);
    const fresh = await signIn(context, user);
    expect(await fresh.connection.account.get()).toMatchObject({ $id: user.id, mfa: true });
  });

  it('an e-mail challenge sends a code that completes it; an unverified address cannot be challenged', async () => {
    const { connection, user } = await signUpAndIn(context, 'email-challenge');
    await expectSdkError(context.sdk, () => connection.account.createMfaChallenge('email'), { code: 400, type: 'user_email_not_verified' });
    await expectSdkError(context.sdk, () => connection.account.createMfaChallenge('phone'), { code: 400, type: 'user_phone_not_found' });
    await connection.account.createVerification(SITE_PAGE);
    const { userId, secret } = linkSecret(linkIn(await lastMessageTo(context, user.email)));
    await connection.account.updateVerification(userId, secret);
    await connection.account.updateMFA(true);

    const fresh = await signIn(context, user);
    await expectSdkError(context.sdk, () => fresh.connection.account.get(), moreFactors);
    expect(await fresh.connection.account.listMfaFactors()).toMatchObject({ email: true, totp: false });
    const challenge = await fresh.connection.account.createMfaChallenge('email');
    const code = codeIn(await lastMessageTo(context, user.email));
    const completed = await fresh.connection.account.updateMfaChallenge(challenge.$id, code);
    expect(completed.factors).toEqual(['password', 'email']);
    expect((await fresh.connection.account.get()).$id).toBe(user.id);
  });

  it('a phone challenge texts a code that completes it', async () => {
    const { connection, user } = await signUpAndIn(context, 'phone-challenge');
    const phone = `+2557${String(Date.now()).slice(-8)}`;
    await connection.account.updatePhone(phone, user.password);
    await expectSdkError(context.sdk, () => connection.account.createMfaChallenge('phone'), { code: 400, type: 'user_phone_not_verified' });
    await connection.account.createPhoneVerification();
    await connection.account.updatePhoneVerification(user.id, codeIn(await lastMessageTo(context, phone)));
    await connection.account.updateMFA(true);

    const fresh = await signIn(context, user);
    await expectSdkError(context.sdk, () => fresh.connection.account.get(), moreFactors);
    expect(await fresh.connection.account.listMfaFactors()).toMatchObject({ phone: true, email: false });
    const challenge = await fresh.connection.account.createMfaChallenge('phone');
    const text = await lastMessageTo(context, phone);
    expect(text.channel).toBe('sms');
    expect((await fresh.connection.account.updateMfaChallenge(challenge.$id, codeIn(text))).factors).toEqual(['password', 'phone']);
    expect((await fresh.connection.account.get()).$id).toBe(user.id);
  });

  it('recovery codes: six codes once (409 after); reading or replacing them needs a recent challenge', async () => {
    const { connection, user, secret } = await withAuthenticator(context, 'codes');
    const { recoveryCodes } = await connection.account.createMfaRecoveryCodes();
    expect(recoveryCodes).toHaveLength(6);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-f]{10}$/);
    expect(new Set(recoveryCodes).size).toBe(6);
    await expectSdkError(context.sdk, () => connection.account.createMfaRecoveryCodes(), { code: 409, type: 'user_recovery_codes_already_exists' });
    expect((await connection.account.listMfaFactors()).recoveryCode).toBe(true);
    // Enrolling the app a moment ago counts as a recent challenge.
    expect((await connection.account.getMfaRecoveryCodes()).recoveryCodes).toEqual(recoveryCodes);

    const other = await signIn(context, user);
    await expectSdkError(context.sdk, () => other.connection.account.getMfaRecoveryCodes(), challengeRequired);
    await expectSdkError(context.sdk, () => other.connection.account.updateMfaRecoveryCodes(), challengeRequired);
    const challenge = await other.connection.account.createMfaChallenge('totp');
    await other.connection.account.updateMfaChallenge(challenge.$id, totpCode(secret));
    const replaced = (await other.connection.account.updateMfaRecoveryCodes()).recoveryCodes;
    expect(replaced).toHaveLength(6);
    expect(replaced.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    expect((await other.connection.account.getMfaRecoveryCodes()).recoveryCodes).toEqual(replaced);

    await ageLastChallenge(context, other.session.$id);
    await expectSdkError(context.sdk, () => other.connection.account.getMfaRecoveryCodes(), challengeRequired);
  });

  it('a user without recovery codes gets user_recovery_codes_not_found', async () => {
    const { connection } = await withAuthenticator(context, 'no-codes');
    await expectSdkError(context.sdk, () => connection.account.getMfaRecoveryCodes(), { code: 404, type: 'user_recovery_codes_not_found' });
    await expectSdkError(context.sdk, () => connection.account.createMfaChallenge('recoverycode'), { code: 404, type: 'user_recovery_codes_not_found' });
  });

  it('a recovery code completes a challenge once; the same code fails the second time', async () => {
    const { connection, user } = await withAuthenticator(context, 'recoverycode');
    const { recoveryCodes } = await connection.account.createMfaRecoveryCodes();
    await connection.account.updateMFA(true);
    const [first, second] = recoveryCodes;

    const fresh = await signIn(context, user);
    const challenge = await fresh.connection.account.createMfaChallenge('recoverycode');
    expect((await fresh.connection.account.updateMfaChallenge(challenge.$id, first!)).factors).toEqual(['password', 'recoverycode']);
    expect((await fresh.connection.account.get()).$id).toBe(user.id);
    expect((await fresh.connection.account.getMfaRecoveryCodes()).recoveryCodes).toEqual(recoveryCodes.slice(1));

    const later = await signIn(context, user);
    const again = await later.connection.account.createMfaChallenge('recoverycode');
    await expectSdkError(context.sdk, () => later.connection.account.updateMfaChallenge(again.$id, first!), invalidToken);
    await expectSdkError(context.sdk, () => later.connection.account.get(), moreFactors);
    await later.connection.account.updateMfaChallenge(again.$id, second!);
    expect((await later.connection.account.get()).$id).toBe(user.id);
  });

  it('one recovery code sent twice at the same moment completes only one challenge', async () => {
    const { connection, user } = await withAuthenticator(context, 'code-race');
    const { recoveryCodes } = await connection.account.createMfaRecoveryCodes();
    await connection.account.updateMFA(true);
    const first = await signIn(context, user);
    const second = await signIn(context, user);
    const challenges = await Promise.all([first, second].map((caller) => caller.connection.account.createMfaChallenge('recoverycode')));
    const outcomes = await Promise.allSettled([first, second].map((caller, index) => caller.connection.account.updateMfaChallenge(challenges[index]!.$id, recoveryCodes[0]!)));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected')!;
    expect((rejected.reason as { type: string }).type).toBe('user_invalid_token');
  });

  it('creating recovery codes twice at the same moment gives the codes once, and those are the ones kept', async () => {
    const { connection } = await withAuthenticator(context, 'codes-race');
    const outcomes = await Promise.allSettled([connection.account.createMfaRecoveryCodes(), connection.account.createMfaRecoveryCodes()]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const created = outcomes.find((outcome) => outcome.status === 'fulfilled')!;
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected')!;
    expect((rejected.reason as { type: string }).type).toBe('user_recovery_codes_already_exists');
    expect((await connection.account.getMfaRecoveryCodes()).recoveryCodes).toEqual(created.value.recoveryCodes);
  });

  it('removing the authenticator needs a recent challenge; afterwards TOTP is no factor', async () => {
    const { connection, session, secret } = await withAuthenticator(context, 'remove');
    await ageLastChallenge(context, session.$id);
    await expectSdkError(context.sdk, () => connection.account.deleteMfaAuthenticator('totp'), challengeRequired);
    const challenge = await connection.account.createMfaChallenge('totp');
    await connection.account.updateMfaChallenge(challenge.$id, totpCode(secret));
    await connection.account.deleteMfaAuthenticator('totp');
    expect((await connection.account.listMfaFactors()).totp).toBe(false);
    await expectSdkError(context.sdk, () => connection.account.createMfaChallenge('totp'), { code: 404, type: 'user_authenticator_not_found' });
    await expectSdkError(context.sdk, () => connection.account.deleteMfaAuthenticator('totp'), { code: 404, type: 'user_authenticator_not_found' });
  });

  it('a challenge belongs to its user: another user cannot complete it', async () => {
    const owner = await withAuthenticator(context, 'challenge-owner');
    const stranger = await withAuthenticator(context, 'challenge-stranger');
    const challenge = await owner.connection.account.createMfaChallenge('totp');
    await expectSdkError(context.sdk, () => stranger.connection.account.updateMfaChallenge(challenge.$id, totpCode(stranger.secret)), invalidToken);
    await expectSdkError(context.sdk, () => stranger.connection.account.updateMfaChallenge(challenge.$id, totpCode(owner.secret)), invalidToken);
    await owner.connection.account.updateMfaChallenge(challenge.$id, totpCode(owner.secret));
  });

  it('turning MFA off lets a new session in with the password alone', async () => {
    const { connection, user } = await withAuthenticator(context, 'mfa-off');
    await connection.account.updateMFA(true);
    expect((await connection.account.updateMFA(false)).mfa).toBe(false);
    const fresh = await signIn(context, user);
    expect((await fresh.connection.account.get()).mfa).toBe(false);
  });
});
