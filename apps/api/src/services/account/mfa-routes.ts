import { z } from 'zod';
import type { RequestContext, SignedIn } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import type { Services } from '../../core/services.ts';
import type { ChallengeRow, ChallengeType } from './challenge-store.ts';
import { hadRecentChallenge, verifiedFactors } from './mfa-rules.ts';
import { createRecoveryCodes } from './primitives/recovery-codes.ts';
import { randomDigits, sameSecret, sha256Hex } from './primitives/secrets.ts';
import { createTotpSecret, totpUri, verifyTotp } from './primitives/totp.ts';
import { sessionModel } from './account-models.ts';
import { countryForCaller } from '../locale/place.ts';
import { accountOf, signedIn } from './signed-in.ts';

export const updateMFA = defineRoute({
  id: 'account.updateMFA',
  method: 'PATCH',
  path: '/account/mfa',
  summary: 'Turn multi-factor sign-in on or off.',
  scope: 'account',
  params: { mfa: param.boolean({ required: true, description: 'true: a second factor is required at sign-in.' }) },
  response: { status: 200, model: 'Account' },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    const user = await services.accounts.users.update(caller.user.id, { mfa: params.mfa ? 1 : 0 }, undefined, 'update.mfa');
    // As Appwrite does: the session turning MFA on already holds the factors the user has verified,
    // so it is not locked out by its own change. This is not a challenge: mfaUpdatedAt stays.
    if (params.mfa) await addFactors(services, caller, verifiedFactors(user), false);
    await services.accounts.log.record(ctx, user, 'mfa.update');
    return accountOf(services, user);
  },
});

const typeParam = {
  type: { schema: z.literal('totp', { error: 'Value must be one of (totp)' }), required: true as const, description: 'Authenticator type: totp.' },
};

export const createMfaAuthenticator = defineRoute({
  id: 'account.createMfaAuthenticator',
  method: 'POST',
  path: '/account/mfa/authenticators/{type}',
  summary: 'Start enrolling an authenticator app: returns the secret and the otpauth:// URI for a QR code.',
  scope: 'account',
  params: typeParam,
  response: { status: 200, model: 'MfaType' },
  handler: async ({ ctx, services }) => {
    const current = signedIn(ctx).user;
    if (current.totp_verified === 1) throw new AppwriteError('user_authenticator_already_verified');
    const secret = createTotpSecret();
    const user = await services.accounts.users.update(current.id, { totp_secret: secret });
    await services.accounts.log.record(ctx, user, 'authenticator.create');
    return { secret, uri: totpUri({ secret, label: user.email || user.phone || user.id, issuer: ctx.config.siteName }) };
  },
});

/** Adds factors to the caller's session; a completed challenge also marks the time of the last challenge. */
async function addFactors(services: Services, caller: SignedIn, added: readonly string[], challenged: boolean): Promise<void> {
  const next = [...new Set([...(JSON.parse(caller.session.factors) as string[]), ...added])];
  const changes = { factors: JSON.stringify(next), ...(challenged ? { mfa_updated_at: now() } : {}), updated_at: now() };
  await services.accounts.sessions.update(caller.session.id, changes);
  Object.assign(caller.session, changes);
}

/** Adds a completed factor to the caller's session and marks the time of the last challenge. */
async function addFactor(services: Services, caller: SignedIn, factor: string): Promise<void> {
  await addFactors(services, caller, [factor], true);
}

export const updateMfaAuthenticator = defineRoute({
  id: 'account.updateMfaAuthenticator',
  method: 'PUT',
  path: '/account/mfa/authenticators/{type}',
  summary: 'Finish enrolling: a current code from the app proves it holds the secret.',
  scope: 'account',
  params: { ...typeParam, otp: param.string({ required: true, min: 1, max: 16, description: 'The 6-digit code the app shows.' }) },
  response: { status: 200, model: 'Account' },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    const current = caller.user;
    if (!current.totp_secret) throw new AppwriteError('user_authenticator_not_found');
    if (current.totp_verified === 1) throw new AppwriteError('user_authenticator_already_verified');
    if (!verifyTotp(current.totp_secret, params.otp)) throw new AppwriteError('user_invalid_token');
    const user = await services.accounts.users.update(current.id, { totp_verified: 1 });
    await addFactor(services, caller, 'totp');
    await services.accounts.log.record(ctx, user, 'authenticator.update');
    return accountOf(services, user);
  },
});

function requireRecentChallenge(caller: SignedIn): void {
  if (!hadRecentChallenge(caller.session)) throw new AppwriteError('user_challenge_required');
}

export const deleteMfaAuthenticator = defineRoute({
  id: 'account.deleteMfaAuthenticator',
  method: 'DELETE',
  path: '/account/mfa/authenticators/{type}',
  summary: 'Remove the authenticator app (needs a challenge completed in the last 30 minutes).',
  scope: 'account',
  params: typeParam,
  response: { status: 204 },
  handler: async ({ ctx, services }) => {
    const caller = signedIn(ctx);
    if (!caller.user.totp_secret) throw new AppwriteError('user_authenticator_not_found');
    requireRecentChallenge(caller);
    const user = await services.accounts.users.update(caller.user.id, { totp_secret: null, totp_verified: 0 });
    await services.accounts.log.record(ctx, user, 'authenticator.delete');
  },
});

export const listMfaFactors = defineRoute({
  id: 'account.listMfaFactors',
  method: 'GET',
  path: '/account/mfa/factors',
  summary: 'Which second factors the user can complete a challenge with.',
  scope: 'account',
  beforeSecondFactor: true,
  params: {},
  response: { status: 200, model: 'MfaFactors' },
  handler: async ({ ctx }) => {
    const user = signedIn(ctx).user;
    return {
      totp: user.totp_verified === 1,
      phone: user.phone !== null && user.phone_verification === 1,
      email: user.email !== null && user.email_verification === 1,
      recoveryCode: user.recovery_codes !== null && (JSON.parse(user.recovery_codes) as string[]).length > 0,
    };
  },
});

function challengeModel(row: ChallengeRow) {
  return { $id: row.id, $createdAt: row.created_at, userId: row.user_id, expire: row.expire };
}

const factorSchema = z
  .string({ error: 'Value must be one of (email, phone, totp, recoverycode)' })
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['email', 'phone', 'totp', 'recoverycode'], { error: 'Value must be one of (email, phone, totp, recoverycode)' }));

/** A challenge whose code is sent to the user; if sending fails the challenge is withdrawn. */
async function sentChallenge(services: Services, userId: string, type: 'email' | 'phone', send: (code: string) => Promise<void>): Promise<ChallengeRow> {
  const code = randomDigits(6);
  const row = await services.accounts.challenges.create(userId, type, sha256Hex(code));
  try {
    await send(code);
  } catch (error) {
    await services.accounts.challenges.delete(row.id);
    throw error;
  }
  return row;
}

async function openChallenge(ctx: RequestContext, services: Services, type: ChallengeType): Promise<ChallengeRow> {
  const user = signedIn(ctx).user;
  const { challenges, messenger } = services.accounts;
  switch (type) {
    case 'email': {
      if (!user.email) throw new AppwriteError('user_email_not_found');
      if (user.email_verification !== 1) throw new AppwriteError('user_email_not_verified');
      const email = user.email;
      return sentChallenge(services, user.id, type, (code) => messenger.mail(ctx, user, email, 'email-otp', { code, expiresInMinutes: 60 }));
    }
    case 'phone': {
      if (!user.phone) throw new AppwriteError('user_phone_not_found');
      if (user.phone_verification !== 1) throw new AppwriteError('user_phone_not_verified');
      const phone = user.phone;
      return sentChallenge(services, user.id, type, (code) => messenger.text(ctx, user, phone, code, 60));
    }
    case 'totp':
      if (user.totp_verified !== 1) throw new AppwriteError('user_authenticator_not_found');
      return challenges.create(user.id, type);
    case 'recoverycode':
      if (!user.recovery_codes) throw new AppwriteError('user_recovery_codes_not_found');
      return challenges.create(user.id, type);
  }
}

const challengeRoute = {
  summary: 'Start a second-factor challenge: e-mail or text a code, or expect an app or recovery code.',
  scope: 'account',
  beforeSecondFactor: true,
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'userId'] },
  params: { factor: { schema: factorSchema, required: true as const, description: 'email, phone, totp or recoverycode.' } },
  response: { status: 201, model: 'MfaChallenge' },
} as const;

export const createMfaChallenge = defineRoute({
  id: 'account.createMfaChallenge',
  method: 'POST',
  path: '/account/mfa/challenge',
  aliases: ['/account/mfa/challenges'],
  ...challengeRoute,
  handler: async ({ params, ctx, services }) => {
    const row = await openChallenge(ctx, services, params.factor);
    await services.accounts.log.record(ctx, signedIn(ctx).user, 'challenge.create');
    return challengeModel(row);
  },
});

/** True when `otp` answers the challenge; a used recovery code is struck off. */
async function answers(services: Services, caller: SignedIn, challenge: ChallengeRow, otp: string): Promise<boolean> {
  const user = caller.user;
  switch (challenge.type) {
    case 'email':
    case 'phone':
      return sameSecret(challenge.code_hash, sha256Hex(otp));
    case 'totp':
      return user.totp_secret !== null && verifyTotp(user.totp_secret, otp);
    case 'recoverycode': {
      const codes = JSON.parse(user.recovery_codes ?? '[]') as string[];
      const match = codes.find((code) => sameSecret(code, otp.trim().toLowerCase()));
      if (!match) return false;
      // Struck off only if nobody used a code since this request read them: a code works once.
      return services.accounts.users.swapRecoveryCodes(user.id, user.recovery_codes, JSON.stringify(codes.filter((code) => code !== match)));
    }
    default:
      return false;
  }
}

export const updateMfaChallenge = defineRoute({
  id: 'account.updateMfaChallenge',
  method: 'PUT',
  path: '/account/mfa/challenge',
  aliases: ['/account/mfa/challenges'],
  summary: 'Complete a challenge with its code; the session gains that factor.',
  scope: 'account',
  beforeSecondFactor: true,
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'param:challengeId'] },
  params: {
    challengeId: param.uid({ required: true, description: 'Challenge ID.' }),
    otp: param.string({ required: true, min: 1, max: 64, description: 'The code: e-mailed, texted, from the app, or a recovery code.' }),
  },
  response: { status: 200, model: 'Session' },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    const { challenges, log } = services.accounts;
    const challenge = await challenges.find(caller.user.id, params.challengeId);
    if (!challenge || !(await answers(services, caller, challenge, params.otp)) || !(await challenges.delete(challenge.id))) {
      throw new AppwriteError('user_invalid_token');
    }
    await addFactor(services, caller, challenge.type);
    await log.record(ctx, caller.user, 'challenge.update');
    return sessionModel(caller.session, caller.session.id, '', countryForCaller(services.geo, caller.session.ip, ctx));
  },
});

function recoveryCodesOf(caller: SignedIn): string[] {
  if (caller.user.recovery_codes === null) throw new AppwriteError('user_recovery_codes_not_found');
  return JSON.parse(caller.user.recovery_codes) as string[];
}

export const createMfaRecoveryCodes = defineRoute({
  id: 'account.createMfaRecoveryCodes',
  method: 'POST',
  path: '/account/mfa/recovery-codes',
  summary: 'Create the six single-use recovery codes (once; regenerate to replace them).',
  scope: 'account',
  params: {},
  response: { status: 201, model: 'MfaRecoveryCodes' },
  handler: async ({ ctx, services }) => {
    const caller = signedIn(ctx);
    const recoveryCodes = createRecoveryCodes();
    // Only the first of two racing requests stores (and shows) its codes.
    if (!(await services.accounts.users.swapRecoveryCodes(caller.user.id, null, JSON.stringify(recoveryCodes)))) {
      throw new AppwriteError('user_recovery_codes_already_exists');
    }
    await services.accounts.log.record(ctx, caller.user, 'recoverycodes.create');
    return { recoveryCodes };
  },
});

export const getMfaRecoveryCodes = defineRoute({
  id: 'account.getMfaRecoveryCodes',
  method: 'GET',
  path: '/account/mfa/recovery-codes',
  summary: 'The unused recovery codes (needs a challenge completed in the last 30 minutes).',
  scope: 'account',
  params: {},
  response: { status: 200, model: 'MfaRecoveryCodes' },
  handler: async ({ ctx }) => {
    const caller = signedIn(ctx);
    const recoveryCodes = recoveryCodesOf(caller);
    requireRecentChallenge(caller);
    return { recoveryCodes };
  },
});

export const updateMfaRecoveryCodes = defineRoute({
  id: 'account.updateMfaRecoveryCodes',
  method: 'PATCH',
  path: '/account/mfa/recovery-codes',
  summary: 'Replace the recovery codes with six new ones (needs a recent challenge).',
  scope: 'account',
  params: {},
  response: { status: 200, model: 'MfaRecoveryCodes' },
  handler: async ({ ctx, services }) => {
    const caller = signedIn(ctx);
    recoveryCodesOf(caller);
    requireRecentChallenge(caller);
    const recoveryCodes = createRecoveryCodes();
    await services.accounts.users.update(caller.user.id, { recovery_codes: JSON.stringify(recoveryCodes) });
    await services.accounts.log.record(ctx, caller.user, 'recoverycodes.update');
    return { recoveryCodes };
  },
});

export const mfaRoutes = [
  updateMFA, createMfaAuthenticator, updateMfaAuthenticator, deleteMfaAuthenticator, listMfaFactors,
  createMfaChallenge, updateMfaChallenge, createMfaRecoveryCodes, getMfaRecoveryCodes, updateMfaRecoveryCodes,
];
