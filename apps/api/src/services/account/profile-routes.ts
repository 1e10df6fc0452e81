import { resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { param } from '../../core/params.ts';
import type { ParamShape } from '../../core/params.ts';
import { defineRoute, type HandlerInput } from '../../core/route.ts';
import { hashPassword, verifyPassword } from './primitives/password.ts';
import { accountOf, signedIn } from './signed-in.ts';
import { registerUser } from './register-user.ts';


export const createAccount = defineRoute({
  id: 'account.create',
  method: 'POST',
  path: '/account',
  summary: 'Register a user with e-mail and password. It does not sign in.',
  scope: 'sessions.write',
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'ip'] },
  params: {
    userId: param.newId({ required: true, description: 'User ID, or unique() to have one generated.' }),
    email: param.email({ required: true, description: 'E-mail address.' }),
    password: param.password({ required: true, description: 'Password, 8 to 256 characters.' }),
    name: param.string({ max: 128, description: 'Display name, at most 128 characters.' }),
  },
  response: { status: 201, model: 'Account' },
  handler: async ({ params, ctx, services }) => {
    const user = await registerUser(services.accounts, { id: resolveNewId(params.userId), email: params.email, name: params.name ?? '', passwordHash: await hashPassword(params.password) });
    await services.accounts.log.record(ctx, user, 'user.create');
    return accountOf(services, user);
  },
});

export const getAccount = defineRoute({
  id: 'account.get',
  method: 'GET',
  path: '/account',
  summary: 'The signed-in user.',
  scope: 'account',
  params: {},
  response: { status: 200, model: 'Account' },
  handler: ({ ctx, services }) => accountOf(services, signedIn(ctx).user),
});

export const updateName = defineRoute({
  id: 'account.updateName',
  method: 'PATCH',
  path: '/account/name',
  summary: 'Change the display name.',
  scope: 'account',
  params: { name: param.string({ required: true, max: 128, description: 'Display name, at most 128 characters.' }) },
  response: { status: 200, model: 'Account' },
  handler: async ({ params, ctx, services }) => {
    const user = await services.accounts.users.update(signedIn(ctx).user.id, { name: params.name }, undefined, 'update.name');
    await services.accounts.log.record(ctx, user, 'user.update');
    return accountOf(services, user);
  },
});

/** Accounts that never had a password (anonymous, OAuth, one-time codes) set one instead of proving it. */
async function passwordChange(current: string | null, given: string): Promise<{ password_hash?: string; password_updated_at?: string }> {
  if (current === null) return { password_hash: await hashPassword(given), password_updated_at: now() };
  if (!(await verifyPassword(current, given))) throw new AppwriteError('user_invalid_credentials');
  return {};
}

/** A new e-mail or phone number: proven by the password, unverified until confirmed, mirrored in the messaging target. */
async function changeAddress(input: HandlerInput<ParamShape>, kind: 'email' | 'phone', value: string, givenPassword: string) {
  const { ctx, services } = input;
  const current = signedIn(ctx).user;
  const password = await passwordChange(current.password_hash, givenPassword);
  const changes = kind === 'email' ? { email: value, email_verification: 0 } : { phone: value, phone_verification: 0 };
  const user = await services.accounts.users.update(current.id, { ...password, ...changes }, kind === 'email' ? 'user_email_already_exists' : 'user_phone_already_exists', kind === 'email' ? 'update.email' : 'update.phone');
  await services.accounts.targets.replaceAddress(user.id, kind === 'email' ? 'email' : 'sms', value);
  await services.accounts.log.record(ctx, user, 'user.update');
  return accountOf(services, user);
}

export const updateEmail = defineRoute({
  id: 'account.updateEmail',
  method: 'PATCH',
  path: '/account/email',
  summary: 'Change the e-mail address (the current password confirms it); the new address is unverified.',
  scope: 'account',
  params: {
    email: param.email({ required: true, description: 'New e-mail address.' }),
    password: param.password({ required: true, description: 'Current password.' }),
  },
  response: { status: 200, model: 'Account' },
  handler: (input) => changeAddress(input, 'email', input.params.email, input.params.password),
});

export const updatePhone = defineRoute({
  id: 'account.updatePhone',
  method: 'PATCH',
  path: '/account/phone',
  summary: 'Change the phone number (E.164; the current password confirms it); the new number is unverified.',
  scope: 'account',
  params: {
    phone: param.phone({ required: true, description: 'Phone number in E.164 format, e.g. +233201234567.' }),
    password: param.password({ required: true, description: 'Current password.' }),
  },
  response: { status: 200, model: 'Account' },
  handler: (input) => changeAddress(input, 'phone', input.params.phone, input.params.password),
});

export const updatePassword = defineRoute({
  id: 'account.updatePassword',
  method: 'PATCH',
  path: '/account/password',
  summary: 'Change the password; the old one is required when the account has one.',
  scope: 'account',
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'ip'] },
  params: {
    password: param.password({ required: true, description: 'New password, 8 to 256 characters.' }),
    oldPassword: param.password({ min: 0, description: 'Current password.' }),
  },
  response: { status: 200, model: 'Account' },
  handler: async ({ params, ctx, services }) => {
    const current = signedIn(ctx).user;
    if (current.password_hash !== null && !(await verifyPassword(current.password_hash, params.oldPassword ?? ''))) {
      throw new AppwriteError('user_invalid_credentials');
    }
    const user = await services.accounts.users.update(current.id, { password_hash: await hashPassword(params.password), password_updated_at: now() }, undefined, 'update.password');
    await services.accounts.log.record(ctx, user, 'user.update');
    return accountOf(services, user);
  },
});

export const getPrefs = defineRoute({
  id: 'account.getPrefs',
  method: 'GET',
  path: '/account/prefs',
  summary: 'The signed-in user\'s preferences.',
  scope: 'account',
  params: {},
  response: { status: 200, model: 'Preferences' },
  handler: async ({ ctx }) => JSON.parse(signedIn(ctx).user.prefs) as Record<string, unknown>,
});

export const updatePrefs = defineRoute({
  id: 'account.updatePrefs',
  method: 'PATCH',
  path: '/account/prefs',
  summary: 'Replace the preferences object (at most 64 KB of JSON).',
  scope: 'account',
  params: { prefs: param.prefs({ required: true, description: 'The whole preferences object.' }) },
  response: { status: 200, model: 'Account' },
  handler: async ({ params, ctx, services }) => {
    const prefs = JSON.stringify(params.prefs);
    const user = await services.accounts.users.update(signedIn(ctx).user.id, { prefs }, undefined, 'update.prefs');
    await services.accounts.log.record(ctx, user, 'user.update');
    return accountOf(services, user);
  },
});

export const updateStatus = defineRoute({
  id: 'account.updateStatus',
  method: 'PATCH',
  path: '/account/status',
  summary: 'Block the account: it can no longer sign in. Its sessions end.',
  scope: 'account',
  params: {},
  response: { status: 200, model: 'Account' },
  handler: async ({ ctx, services }) => {
    const current = signedIn(ctx).user;
    const user = await services.accounts.users.update(current.id, { status: 0 }, undefined, 'update.status');
    await services.accounts.sessions.deleteAll(user.id);
    await services.accounts.log.record(ctx, user, 'user.update');
    ctx.response.endSession();
    return accountOf(services, user);
  },
});

export const profileRoutes = [createAccount, getAccount, updateName, updateEmail, updatePhone, updatePassword, getPrefs, updatePrefs, updateStatus];
