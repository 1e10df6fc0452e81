import { resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import type { RequestContext } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { param } from '../../core/params.ts';
import { defineRoute, type HandlerInput } from '../../core/route.ts';
import type { Services } from '../../core/services.ts';
import { tokenModel } from './account-models.ts';
import { hashPassword } from './primitives/password.ts';
import { securityPhrase } from './primitives/phrase.ts';
import { randomDigits, randomHex } from './primitives/secrets.ts';
import { assertSiteUrl, withQuery } from './redirect-urls.ts';
import { signedIn } from './signed-in.ts';
import type { UserRow } from './account-rows.ts';
import { registerUser } from './register-user.ts';

const CODE_LIFETIME_SECONDS = 15 * 60;
const LINK_LIFETIME_SECONDS = 60 * 60;

/** The user with this address, or a new one without a password (one-time codes sign up and sign in alike). */
async function userForAddress(services: Services, ctx: RequestContext, userId: string, address: { email: string } | { phone: string }): Promise<UserRow> {
  const { users, log } = services.accounts;
  const find = () => ('email' in address ? users.findByEmail(address.email) : users.findByPhone(address.phone));
  const existing = await find();
  if (existing) {
    if (existing.status !== 1) throw new AppwriteError('user_blocked');
    return existing;
  }
  let user: UserRow;
  try {
    user = await registerUser(services.accounts, { id: resolveNewId(userId), ...address });
  } catch (error) {
    // Another request for the same new address (a double click) created the user a moment ago.
    const created = error instanceof AppwriteError && error.type === 'user_already_exists' ? await find() : undefined;
    if (!created) throw error;
    return created;
  }
  await log.record(ctx, user, 'user.create');
  return user;
}

const addressTokenParams = {
  userId: param.newId({ required: true, description: 'ID for a new user, or unique(); ignored when the address is known.' }),
  email: param.email({ required: true, description: 'E-mail address.' }),
  phrase: param.boolean({ description: 'Also return a security phrase that the e-mail repeats.' }),
};

export const createEmailToken = defineRoute({
  id: 'account.createEmailToken',
  method: 'POST',
  path: '/account/tokens/email',
  summary: 'E-mail a 6-digit sign-in code (valid 15 minutes); creates the user when the address is new.',
  scope: 'sessions.write',
  abuse: [{ limit: 10, windowSeconds: 3600, key: ['url', 'param:email'] }, { limit: 50, windowSeconds: 3600, key: ['url', 'ip'] }],
  params: addressTokenParams,
  response: { status: 201, model: 'Token' },
  handler: async ({ params, ctx, services }) => {
    const user = await userForAddress(services, ctx, params.userId, { email: params.email });
    const phrase = params.phrase ? securityPhrase() : '';
    const { row } = await services.accounts.tokens.issue(user.id, 'email', randomDigits(6), CODE_LIFETIME_SECONDS, ({ secret }) =>
      services.accounts.messenger.mail(ctx, user, params.email, 'email-otp', { code: secret, expiresInMinutes: 15, ...(phrase ? { phrase } : {}) }), phrase);
    return tokenModel(row);
  },
});

export const createMagicURLToken = defineRoute({
  id: 'account.createMagicURLToken',
  method: 'POST',
  path: '/account/tokens/magic-url',
  summary: 'E-mail a sign-in link (valid 1 hour); creates the user when the address is new.',
  scope: 'sessions.write',
  abuse: [{ limit: 60, windowSeconds: 3600, key: ['url', 'param:email'] }, { limit: 100, windowSeconds: 3600, key: ['url', 'ip'] }],
  params: { ...addressTokenParams, url: param.url({ description: 'Page of this site the link opens; it receives userId and secret.' }) },
  response: { status: 201, model: 'Token' },
  handler: async ({ params, ctx, services }) => {
    const target = params.url ?? `${ctx.config.siteUrl}/signin`;
    assertSiteUrl(ctx.config, target, 'url');
    const user = await userForAddress(services, ctx, params.userId, { email: params.email });
    const phrase = params.phrase ? securityPhrase() : '';
    const { row } = await services.accounts.tokens.issue(user.id, 'magic-url', randomHex(32), LINK_LIFETIME_SECONDS, ({ row: issued, secret }) => {
      const link = withQuery(target, { userId: user.id, secret, expire: issued.expire, project: ctx.config.projectId });
      return services.accounts.messenger.mail(ctx, user, params.email, 'magic-url', { url: link, expiresInMinutes: 60, ...(phrase ? { phrase } : {}) });
    }, phrase);
    return tokenModel(row);
  },
});

export const createPhoneToken = defineRoute({
  id: 'account.createPhoneToken',
  method: 'POST',
  path: '/account/tokens/phone',
  summary: 'Text a 6-digit sign-in code (valid 15 minutes); creates the user when the number is new.',
  scope: 'sessions.write',
  abuse: [{ limit: 10, windowSeconds: 3600, key: ['url', 'ip'] }, { limit: 10, windowSeconds: 3600, key: ['url', 'param:phone'] }],
  params: {
    userId: param.newId({ required: true, description: 'ID for a new user, or unique(); ignored when the number is known.' }),
    phone: param.phone({ required: true, description: 'Phone number in E.164 format.' }),
  },
  response: { status: 201, model: 'Token' },
  handler: async ({ params, ctx, services }) => {
    const user = await userForAddress(services, ctx, params.userId, { phone: params.phone });
    const { row } = await services.accounts.tokens.issue(user.id, 'phone', randomDigits(6), CODE_LIFETIME_SECONDS, ({ secret }) =>
      services.accounts.messenger.text(ctx, user, params.phone, secret, 15));
    return tokenModel(row);
  },
});

export const createRecovery = defineRoute({
  id: 'account.createRecovery',
  method: 'POST',
  path: '/account/recovery',
  summary: 'E-mail a password reset link (valid 1 hour).',
  scope: 'sessions.write',
  abuse: [{ limit: 10, windowSeconds: 3600, key: ['url', 'ip'] }, { limit: 10, windowSeconds: 3600, key: ['url', 'param:email'] }],
  params: {
    email: param.email({ required: true, description: 'The account\'s e-mail address.' }),
    url: param.url({ required: true, description: 'Page of this site that completes the reset; it receives userId and secret.' }),
  },
  response: { status: 201, model: 'Token' },
  handler: async ({ params, ctx, services }) => {
    assertSiteUrl(ctx.config, params.url, 'url');
    const { users, tokens, messenger, log } = services.accounts;
    const user = await users.findByEmail(params.email);
    if (!user) throw new AppwriteError('user_not_found');
    if (user.status !== 1) throw new AppwriteError('user_blocked');
    const { row } = await tokens.issue(user.id, 'recovery', randomHex(128), LINK_LIFETIME_SECONDS, ({ row: issued, secret }) =>
      messenger.mail(ctx, user, params.email, 'recovery', { url: withQuery(params.url, { userId: user.id, secret, expire: issued.expire }), expiresInMinutes: 60 }));
    await log.record(ctx, user, 'recovery.create');
    return tokenModel(row);
  },
});

export const updateRecovery = defineRoute({
  id: 'account.updateRecovery',
  method: 'PUT',
  path: '/account/recovery',
  summary: 'Set a new password with the secret from the reset link.',
  scope: 'sessions.write',
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'param:userId'] },
  params: {
    userId: param.uid({ required: true, description: 'User ID from the link.' }),
    secret: param.string({ required: true, min: 1, max: 256, description: 'Secret from the link.' }),
    password: param.password({ required: true, description: 'New password, 8 to 256 characters.' }),
    passwordAgain: param.password({ description: 'Older SDKs repeat the password; it must match.' }),
  },
  response: { status: 200, model: 'Token' },
  handler: async ({ params, ctx, services }) => {
    if (params.passwordAgain !== undefined && params.passwordAgain !== params.password) throw new AppwriteError('user_password_mismatch');
    const { users, tokens, log } = services.accounts;
    const token = await tokens.consume(params.userId, ['recovery'], params.secret);
    if (!token) throw new AppwriteError('user_invalid_token');
    const user = await users.update(token.user_id, { password_hash: await hashPassword(params.password), password_updated_at: now(), email_verification: 1 });
    await log.record(ctx, user, 'recovery.update');
    return tokenModel(token);
  },
});

const verificationUrl = { url: param.url({ required: true, description: 'Page of this site that confirms; it receives userId and secret.' }) };

export const createVerification = defineRoute({
  id: 'account.createVerification',
  method: 'POST',
  path: '/account/verification',
  aliases: ['/account/verifications/email'],
  summary: 'E-mail a link that confirms the address (valid 1 hour).',
  scope: 'account',
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'userId'] },
  params: verificationUrl,
  response: { status: 201, model: 'Token' },
  handler: async ({ params, ctx, services }) => {
    assertSiteUrl(ctx.config, params.url, 'url');
    const user = signedIn(ctx).user;
    if (!user.email) throw new AppwriteError('user_email_not_found');
    if (user.email_verification === 1) throw new AppwriteError('user_email_already_verified');
    const email = user.email;
    const { row } = await services.accounts.tokens.issue(user.id, 'verification', randomHex(128), LINK_LIFETIME_SECONDS, ({ row: issued, secret }) =>
      services.accounts.messenger.mail(ctx, user, email, 'verification', { url: withQuery(params.url, { userId: user.id, secret, expire: issued.expire }), expiresInMinutes: 60 }));
    await services.accounts.log.record(ctx, user, 'verification.create');
    return tokenModel(row);
  },
});

const secretParams = {
  userId: param.uid({ required: true, description: 'User ID from the link or message.' }),
  secret: param.string({ required: true, min: 1, max: 256, description: 'Secret from the link or message.' }),
};

/** Marks the address verified with the secret that was sent to it; the secret works once. */
async function confirmAddress({ params, ctx, services }: HandlerInput<typeof secretParams>, kind: 'email' | 'phone') {
  const token = await services.accounts.tokens.consume(params.userId, [kind === 'email' ? 'verification' : 'phone-verification'], params.secret);
  if (!token) throw new AppwriteError('user_invalid_token');
  const user = await services.accounts.users.update(token.user_id, kind === 'email' ? { email_verification: 1 } : { phone_verification: 1 });
  await services.accounts.log.record(ctx, user, 'verification.update');
  return tokenModel(token);
}

export const updateVerification = defineRoute({
  id: 'account.updateVerification',
  method: 'PUT',
  path: '/account/verification',
  aliases: ['/account/verifications/email'],
  summary: 'Confirm the e-mail address with the secret from the link; works without a session.',
  scope: 'public',
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'param:userId'] },
  params: secretParams,
  response: { status: 200, model: 'Token' },
  handler: (input) => confirmAddress(input, 'email'),
});

export const createPhoneVerification = defineRoute({
  id: 'account.createPhoneVerification',
  method: 'POST',
  path: '/account/verification/phone',
  aliases: ['/account/verifications/phone'],
  summary: 'Text a 6-digit code that confirms the phone number (valid 1 hour).',
  scope: 'account',
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'userId'] },
  params: {},
  response: { status: 201, model: 'Token' },
  handler: async ({ ctx, services }) => {
    const user = signedIn(ctx).user;
    if (!user.phone) throw new AppwriteError('user_phone_not_found');
    if (user.phone_verification === 1) throw new AppwriteError('user_phone_already_verified');
    // A confirmation code, not a sign-in code: it lives as long as the e-mail verification link (§9.5).
    const phone = user.phone;
    const { row } = await services.accounts.tokens.issue(user.id, 'phone-verification', randomDigits(6), LINK_LIFETIME_SECONDS, ({ secret }) =>
      services.accounts.messenger.text(ctx, user, phone, secret, LINK_LIFETIME_SECONDS / 60));
    await services.accounts.log.record(ctx, user, 'verification.create');
    return tokenModel(row);
  },
});

export const updatePhoneVerification = defineRoute({
  id: 'account.updatePhoneVerification',
  method: 'PUT',
  path: '/account/verification/phone',
  aliases: ['/account/verifications/phone'],
  summary: 'Confirm the phone number with the code from the text message.',
  scope: 'public',
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'param:userId'] },
  params: secretParams,
  response: { status: 200, model: 'Token' },
  handler: (input) => confirmAddress(input, 'phone'),
});

export const tokenRoutes = [
  createEmailToken, createMagicURLToken, createPhoneToken, createRecovery, updateRecovery,
  createVerification, updateVerification, createPhoneVerification, updatePhoneVerification,
];
