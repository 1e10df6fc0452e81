// The Account profile through the official SDKs: sign-up, the account model, changing name,
// e-mail, password, phone and prefs, blocking, identities, push targets and the activity log.
import { expect, it } from 'vitest';
import { authDb } from '../../src/db/system/auth-tables.ts';
import { freshUser, signIn, signUp, signUpAndIn } from './support/accounts.ts';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const invalidCredentials = { code: 401, type: 'user_invalid_credentials' };
const guestScope = { code: 401, type: 'general_unauthorized_scope' };

describeCompat('account profile', (context) => {
  it('create registers a user without signing in, and the account shows what was given', async () => {
    const user = freshUser('create');
    const created = await context.guest.account.create(user.id, user.email, user.password, user.name);
    expect(created).toMatchObject({
      $id: user.id,
      name: user.name,
      email: user.email,
      phone: '',
      status: true,
      emailVerification: false,
      phoneVerification: false,
      mfa: false,
      labels: [],
      prefs: {},
    });
    expect(created.registration).toMatch(APPWRITE_DATE);
    expect(created.passwordUpdate).toMatch(APPWRITE_DATE);
    expect(created.targets).toEqual([expect.objectContaining({ providerType: 'email', identifier: user.email, userId: user.id, expired: false })]);
    expect(JSON.stringify(created)).not.toContain(user.password);
    expect(Object.keys(created)).not.toEqual(expect.arrayContaining(['password']));
    await expectSdkError(context.sdk, () => context.guest.account.get(), guestScope);

    const { connection } = await signIn(context, user);
    expect(await connection.account.get()).toMatchObject({ $id: user.id, email: user.email, name: user.name });
  });

  it('create with unique() gets a generated id', async () => {
    const user = freshUser('unique');
    const created = await context.guest.account.create(context.sdk.ID.unique(), user.email, user.password);
    expect(created.$id).toMatch(/^[a-z0-9]{20}$/);
    expect(created.name).toBe('');
  });

  it('a second account with a taken e-mail or id is user_already_exists', async () => {
    const taken = await signUp(context, 'taken');
    const other = freshUser('other');
    await expectSdkError(context.sdk, () => context.guest.account.create(other.id, taken.email, other.password), { code: 409, type: 'user_already_exists' });
    await expectSdkError(context.sdk, () => context.guest.account.create(taken.id, other.email, other.password), { code: 409, type: 'user_already_exists' });
    await expectSdkError(context.sdk, () => context.guest.account.create(other.id, taken.email.toUpperCase(), other.password), { code: 409, type: 'user_already_exists' });
  });

  it('a password shorter than 8 characters is refused before anything is created', async () => {
    const user = freshUser('short');
    const error = await expectSdkError(context.sdk, () => context.guest.account.create(user.id, user.email, 'short'), { code: 400, type: 'general_argument_invalid' });
    expect(error.message).toBe('Invalid `password` param: Password must be between 8 and 256 characters long.');
    await expectSdkError(context.sdk, () => signIn(context, { email: user.email, password: 'short' }), { code: 400, type: 'general_argument_invalid' });
  });

  it('updateName changes the name the account shows', async () => {
    const { connection } = await signUpAndIn(context, 'name');
    expect((await connection.account.updateName('Amani Juma')).name).toBe('Amani Juma');
    expect((await connection.account.get()).name).toBe('Amani Juma');
  });

  it('updatePrefs replaces the whole object; getPrefs reads it back', async () => {
    const { connection } = await signUpAndIn(context, 'prefs');
    expect(await connection.account.getPrefs()).toEqual({});
    expect((await connection.account.updatePrefs({ language: 'sw', theme: 'dark', districts: ['north', 'south'] })).prefs).toEqual({ language: 'sw', theme: 'dark', districts: ['north', 'south'] });
    await connection.account.updatePrefs({ theme: 'light' });
    expect(await connection.account.getPrefs()).toEqual({ theme: 'light' });
  });

  it('updateEmail needs the current password; then only the new address signs in, unverified', async () => {
    const { connection, user } = await signUpAndIn(context, 'email');
    const other = await signUp(context, 'email-other');
    const next = freshUser('email-next').email;
    await expectSdkError(context.sdk, () => connection.account.updateEmail(next, 'not-the-password'), invalidCredentials);
    await expectSdkError(context.sdk, () => connection.account.updateEmail(other.email, user.password), { code: 409, type: 'user_email_already_exists' });
    expect((await connection.account.get()).email).toBe(user.email);

    const updated = await connection.account.updateEmail(next, user.password);
    expect(updated).toMatchObject({ email: next, emailVerification: false });
    expect(updated.targets.filter((target) => target.providerType === 'email').map((target) => target.identifier)).toEqual([next]);
    await expectSdkError(context.sdk, () => signIn(context, user), invalidCredentials);
    const again = await signIn(context, { email: next, password: user.password });
    expect((await again.connection.account.get()).$id).toBe(user.id);
  });

  it('updatePassword needs the old password; then only the new one signs in', async () => {
    const { connection, user } = await signUpAndIn(context, 'password');
    const before = (await connection.account.get()).passwordUpdate;
    await expectSdkError(context.sdk, () => connection.account.updatePassword('brand-new-password'), invalidCredentials);
    await expectSdkError(context.sdk, () => connection.account.updatePassword('brand-new-password', 'wrong-old-password'), invalidCredentials);

    const updated = await connection.account.updatePassword('brand-new-password', user.password);
    expect(updated.passwordUpdate > before).toBe(true);
    await expectSdkError(context.sdk, () => signIn(context, user), invalidCredentials);
    await signIn(context, { email: user.email, password: 'brand-new-password' });
  });

  it('updatePhone sets an unverified number and its sms target; a taken number is user_phone_already_exists', async () => {
    const first = await signUpAndIn(context, 'phone');
    const second = await signUpAndIn(context, 'phone-other');
    const phone = `+2557${String(Date.now()).slice(-8)}`;
    await expectSdkError(context.sdk, () => first.connection.account.updatePhone(phone, 'not-the-password'), invalidCredentials);

    const updated = await first.connection.account.updatePhone(phone, first.user.password);
    expect(updated).toMatchObject({ phone, phoneVerification: false });
    expect(updated.targets.filter((target) => target.providerType === 'sms').map((target) => target.identifier)).toEqual([phone]);
    await expectSdkError(context.sdk, () => second.connection.account.updatePhone(phone, second.user.password), { code: 409, type: 'user_phone_already_exists' });
    expect((await second.connection.account.get()).phone).toBe('');
  });

  it('updateStatus blocks the account: its sessions end and signing in again is user_blocked', async () => {
    const { connection, user } = await signUpAndIn(context, 'blocked');
    const elsewhere = await signIn(context, user);
    const blocked = await connection.account.updateStatus();
    expect(blocked.status).toBe(false);
    await expectSdkError(context.sdk, () => connection.account.get(), guestScope);
    await expectSdkError(context.sdk, () => elsewhere.connection.account.get(), guestScope);
    const error = await expectSdkError(context.sdk, () => context.guest.account.createEmailPasswordSession(user.email, user.password), { code: 401, type: 'user_blocked' });
    expect(error.message).toBe('The current user has been blocked.');
    await expectSdkError(context.sdk, () => context.guest.account.createEmailPasswordSession(user.email, 'a-wrong-password'), invalidCredentials);
  });

  it('identities: a linked provider account is listed and can be unlinked once; others are user_identity_not_found', async () => {
    const owner = await signUpAndIn(context, 'identity');
    const stranger = await signUpAndIn(context, 'identity-other');
    expect(await owner.connection.account.listIdentities()).toEqual({ total: 0, identities: [] });
    // What an OAuth2 sign-in would have stored: a link to the user's GitHub account.
    const stamp = new Date().toISOString().replace('Z', '+00:00');
    await authDb(context.server.app.services.dialect).insertInto('_auth_identities').values({
      id: `gh${owner.user.id}`.slice(0, 36),
      user_id: owner.user.id,
      provider: 'github',
      provider_uid: '583231',
      provider_email: owner.user.email,
      provider_access_token: '',
      provider_access_token_expiry: '',
      provider_refresh_token: '',
      created_at: stamp,
      updated_at: stamp,
    }).execute();

    const listed = await owner.connection.account.listIdentities();
    expect(listed.total).toBe(1);
    const [identity] = listed.identities;
    expect(identity).toMatchObject({ userId: owner.user.id, provider: 'github', providerUid: '583231', providerEmail: owner.user.email });
    expect((await stranger.connection.account.listIdentities()).total).toBe(0);
    await expectSdkError(context.sdk, () => stranger.connection.account.deleteIdentity(identity!.$id), { code: 404, type: 'user_identity_not_found' });

    await owner.connection.account.deleteIdentity(identity!.$id);
    expect((await owner.connection.account.listIdentities()).total).toBe(0);
    await expectSdkError(context.sdk, () => owner.connection.account.deleteIdentity(identity!.$id), { code: 404, type: 'user_identity_not_found' });
  });

  it('identities can be filtered by provider, as Appwrite allows', async () => {
    const { connection, user } = await signUpAndIn(context, 'identity-filter');
    const stamp = new Date().toISOString().replace('Z', '+00:00');
    const link = (provider: string, providerUid: string) => ({
      id: `${provider}${user.id}`.slice(0, 36), user_id: user.id, provider, provider_uid: providerUid, provider_email: user.email,
      provider_access_token: '', provider_access_token_expiry: '', provider_refresh_token: '', created_at: stamp, updated_at: stamp,
    });
    await authDb(context.server.app.services.dialect).insertInto('_auth_identities').values([link('github', '11'), link('google', '22')]).execute();
    const { Query } = context.sdk;
    const providers = async (queries: string[]) => (await connection.account.listIdentities(queries)).identities.map((identity) => identity.provider);

    expect(await providers([Query.equal('provider', 'google')])).toEqual(['google']);
    expect((await providers([Query.equal('provider', ['github', 'google'])])).sort()).toEqual(['github', 'google']);
    expect(await providers([Query.notEqual('provider', 'github')])).toEqual(['google']);
    expect(await providers([Query.equal('providerUid', '11')])).toEqual(['github']);
    expect(await providers([Query.equal('providerEmail', user.email), Query.equal('provider', 'github')])).toEqual(['github']);
    expect(await connection.account.listIdentities([Query.equal('provider', 'google'), Query.limit(1)])).toMatchObject({ total: 1 });
    const page = await connection.account.listIdentities([Query.limit(1)]);
    expect(page.total).toBe(2);
    expect(page.identities).toHaveLength(1);
    await expectSdkError(context.sdk, () => connection.account.listIdentities([Query.equal('providerAccessToken', 'x')]), { code: 400, type: 'general_query_invalid' });
  });

  it('push targets: create, replace the token, delete; the account lists them', async () => {
    const { connection, user } = await signUpAndIn(context, 'push');
    const targetId = `push${user.id}`.slice(0, 36);
    const created = await connection.account.createPushTarget(targetId, 'fcm-token-1');
    expect(created).toMatchObject({ $id: targetId, userId: user.id, providerType: 'push', identifier: 'fcm-token-1', expired: false });
    await expectSdkError(context.sdk, () => connection.account.createPushTarget(targetId, 'fcm-token-x'), { code: 409, type: 'user_target_already_exists' });
    expect((await connection.account.get()).targets.map((target) => target.providerType).sort()).toEqual(['email', 'push']);

    expect((await connection.account.updatePushTarget(targetId, 'fcm-token-2')).identifier).toBe('fcm-token-2');
    const generated = await connection.account.createPushTarget(context.sdk.ID.unique(), 'apns-token');
    expect(generated.$id).toMatch(/^[a-z0-9]{20}$/);

    await connection.account.deletePushTarget(targetId);
    const left = (await connection.account.get()).targets;
    expect(left.map((target) => [target.providerType, target.identifier]).sort()).toEqual([['email', user.email], ['push', 'apns-token']]);
    await expectSdkError(context.sdk, () => connection.account.updatePushTarget(targetId, 'fcm-token-3'), { code: 404, type: 'user_target_not_found' });
    await expectSdkError(context.sdk, () => connection.account.deletePushTarget(targetId), { code: 404, type: 'user_target_not_found' });
    // The e-mail target is not a push target.
    const emailTarget = left.find((target) => target.providerType === 'email')!;
    await expectSdkError(context.sdk, () => connection.account.deletePushTarget(emailTarget.$id), { code: 404, type: 'user_target_not_found' });
  });

  it.runIf(context.sdk.hasAccountLogs)('listLogs shows what happened to the account, newest first, and pages', async () => {
    const user = freshUser('logs');
    await context.guest.account.create(user.id, user.email, user.password, user.name);
    const { connection } = await signIn(context, user);
    await connection.account.updateName('Logged Name');
    const logs = await connection.account.listLogs!();
    expect(logs.total).toBe(3);
    expect(logs.logs.map((log) => log.event)).toEqual(['user.update', 'session.create', 'user.create']);
    expect(logs.logs[0]).toMatchObject({ userId: user.id, userEmail: user.email, userName: 'Logged Name', ip: '127.0.0.1', countryCode: '--' });
    expect(logs.logs[0]!.time).toMatch(APPWRITE_DATE);
    const page = await connection.account.listLogs!([context.sdk.Query.limit(1), context.sdk.Query.offset(1)]);
    expect(page).toMatchObject({ total: 3, logs: [{ event: 'session.create' }] });
    await expectSdkError(context.sdk, () => connection.account.listLogs!([context.sdk.Query.equal('event', 'user.create')]), { code: 400, type: 'general_query_invalid' });
  });

  it('a guest reaches none of the signed-in calls', async () => {
    const { account } = context.guest;
    for (const call of [() => account.get(), () => account.updateName('x'), () => account.listSessions(), () => account.createJWT(), () => account.listIdentities(), () => account.updatePrefs({})]) {
      await expectSdkError(context.sdk, call, guestScope);
    }
  });
});
