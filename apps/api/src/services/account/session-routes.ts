import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { formatDate, now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { HandlerInput } from '../../core/route.ts';
import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { sessionModel } from './account-models.ts';
import { countryForCaller } from '../locale/place.ts';
import { openSession, type SessionProvider } from './open-session.ts';
import { verifyPassword } from './primitives/password.ts';
import { refuseIfSignedIn, signedIn } from './signed-in.ts';
import type { TokenKind } from './token-store.ts';

export const createEmailPasswordSession = defineRoute({
  id: 'account.createEmailPasswordSession',
  method: 'POST',
  path: '/account/sessions/email',
  summary: 'Sign in with e-mail and password.',
  scope: 'sessions.write',
  // Per account (Appwrite's figure) and per address, generous enough for a school or office behind one IP.
  abuse: [{ limit: 10, windowSeconds: 3600, key: ['url', 'param:email'] }, { limit: 100, windowSeconds: 3600, key: ['url', 'ip'] }],
  params: {
    email: param.email({ required: true, description: 'E-mail address.' }),
    password: param.password({ required: true, description: 'Password.' }),
  },
  response: { status: 201, model: 'Session' },
  handler: async ({ params, ctx, services }) => {
    refuseIfSignedIn(ctx);
    const user = await services.accounts.users.findByEmail(params.email);
    // Unknown address and wrong password take the same time and give the same answer.
    const valid = await verifyPassword(user?.password_hash ?? null, params.password);
    if (!user || !valid) throw new AppwriteError('user_invalid_credentials');
    if (user.status !== 1) throw new AppwriteError('user_blocked');
    return openSession(ctx, services, user, { provider: 'email', providerUid: params.email, factors: ['password'] });
  },
});

export const createAnonymousSession = defineRoute({
  id: 'account.createAnonymousSession',
  method: 'POST',
  path: '/account/sessions/anonymous',
  summary: 'Sign in as a new anonymous user; adding an e-mail and password later keeps the account.',
  scope: 'sessions.write',
  abuse: { limit: 50, windowSeconds: 3600, key: ['ip'] },
  params: {},
  response: { status: 201, model: 'Session' },
  handler: async ({ ctx, services }) => {
    refuseIfSignedIn(ctx);
    const user = await services.accounts.users.create({ id: uniqueId() });
    await services.accounts.log.record(ctx, user, 'user.create');
    return openSession(ctx, services, user, { provider: 'anonymous', factors: ['anonymous'] });
  },
});

/** Which session a token kind opens, and what it proves. */
const tokenSessions: Record<Exclude<TokenKind, 'recovery' | 'verification' | 'phone-verification'>, { provider: SessionProvider; factor: string; verifies: 'email' | 'phone' | null }> = {
  'magic-url': { provider: 'magic-url', factor: 'email', verifies: 'email' },
  email: { provider: 'email', factor: 'email', verifies: 'email' },
  oauth2: { provider: 'oauth2', factor: 'email', verifies: null },
  phone: { provider: 'phone', factor: 'phone', verifies: 'phone' },
};

const tokenParams = {
  userId: param.uid({ required: true, description: 'User ID the token was issued for.' }),
  secret: param.string({ required: true, min: 1, max: 256, description: 'The token secret from the e-mail, SMS or OAuth redirect.' }),
};

async function sessionFromToken({ params, ctx, services }: HandlerInput<typeof tokenParams>) {
  refuseIfSignedIn(ctx);
  const { users, tokens } = services.accounts;
  const token = await tokens.consume(params.userId, Object.keys(tokenSessions) as TokenKind[], params.secret);
  if (!token) throw new AppwriteError('user_invalid_token');
  let user = await users.require(token.user_id);
  if (user.status !== 1) throw new AppwriteError('user_blocked');
  const kind = tokenSessions[token.kind as keyof typeof tokenSessions];
  if (kind.verifies === 'email' && user.email_verification !== 1) user = await users.update(user.id, { email_verification: 1 });
  if (kind.verifies === 'phone' && user.phone_verification !== 1) user = await users.update(user.id, { phone_verification: 1 });
  return openSession(ctx, services, user, { provider: kind.provider, providerUid: kind.verifies === 'phone' ? (user.phone ?? '') : (user.email ?? ''), factors: [kind.factor] });
}

const tokenSessionRoute = {
  summary: 'Exchange a one-time token (magic URL, e-mail or phone code, OAuth2 token) for a session.',
  scope: 'sessions.write',
  abuse: { limit: 10, windowSeconds: 3600, key: ['ip', 'param:userId'] },
  params: tokenParams,
  response: { status: 201, model: 'Session' },
  handler: sessionFromToken,
} as const;

export const createSession = defineRoute({ id: 'account.createSession', method: 'POST', path: '/account/sessions/token', ...tokenSessionRoute });
export const updateMagicURLSession = defineRoute({ id: 'account.updateMagicURLSession', method: 'PUT', path: '/account/sessions/magic-url', ...tokenSessionRoute });
export const updatePhoneSession = defineRoute({ id: 'account.updatePhoneSession', method: 'PUT', path: '/account/sessions/phone', ...tokenSessionRoute });

export const listSessions = defineRoute({
  id: 'account.listSessions',
  method: 'GET',
  path: '/account/sessions',
  summary: 'The signed-in user\'s sessions, newest first, the current one flagged.',
  scope: 'account',
  params: {},
  response: { status: 200, model: 'SessionList' },
  handler: async ({ ctx, services }) => {
    const caller = signedIn(ctx);
    const sessions = await services.accounts.sessions.list(caller.user.id);
    return { total: sessions.length, sessions: sessions.map((session) => sessionModel(session, caller.session.id, '', countryForCaller(services.geo, session.ip, ctx))) };
  },
});

export const deleteSessions = defineRoute({
  id: 'account.deleteSessions',
  method: 'DELETE',
  path: '/account/sessions',
  summary: 'Sign out everywhere: every session of the user ends.',
  scope: 'account',
  abuse: { limit: 100, windowSeconds: 3600, key: ['url', 'ip'] },
  params: {},
  response: { status: 204 },
  handler: async ({ ctx, services }) => {
    const caller = signedIn(ctx);
    await services.accounts.sessions.deleteAll(caller.user.id, caller.session.id);
    await services.accounts.log.record(ctx, caller.user, 'session.delete');
    ctx.response.endSession();
  },
});

const sessionIdParam = { sessionId: param.uid({ required: true, description: 'Session ID, or `current` for the caller\'s own.' }) };

function sessionIdOf(ctx: HandlerInput<typeof sessionIdParam>['ctx'], sessionId: string): string {
  return sessionId === 'current' ? signedIn(ctx).session.id : sessionId;
}

export const getSession = defineRoute({
  id: 'account.getSession',
  method: 'GET',
  path: '/account/sessions/{sessionId}',
  summary: 'One session of the signed-in user.',
  scope: 'account',
  params: sessionIdParam,
  response: { status: 200, model: 'Session' },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    const session = await services.accounts.sessions.get(caller.user.id, sessionIdOf(ctx, params.sessionId));
    if (!session) throw new AppwriteError('user_session_not_found');
    return sessionModel(session, caller.session.id, '', countryForCaller(services.geo, session.ip, ctx));
  },
});

export const updateSession = defineRoute({
  id: 'account.updateSession',
  method: 'PATCH',
  path: '/account/sessions/{sessionId}',
  summary: 'Extend a session: it now expires one session lifetime from now.',
  scope: 'account',
  abuse: { limit: 10, windowSeconds: 3600, key: ['url', 'ip'] },
  params: sessionIdParam,
  response: { status: 200, model: 'Session' },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    const id = sessionIdOf(ctx, params.sessionId);
    const { sessions, log } = services.accounts;
    const expire = formatDate(new Date(Date.now() + ctx.config.sessionDurationSeconds * 1000));
    if (!(await sessions.extend(caller.user.id, id, expire))) throw new AppwriteError('user_session_not_found');
    await log.record(ctx, caller.user, 'session.update');
    const session = await sessions.get(caller.user.id, id);
    if (!session) throw new AppwriteError('user_session_not_found');
    return sessionModel(session, caller.session.id, '', countryForCaller(services.geo, session.ip, ctx));
  },
});

export const deleteSession = defineRoute({
  id: 'account.deleteSession',
  method: 'DELETE',
  path: '/account/sessions/{sessionId}',
  summary: 'Sign out one session (`current`: this one).',
  scope: 'account',
  beforeSecondFactor: true,
  abuse: { limit: 100, windowSeconds: 3600, key: ['url', 'ip'] },
  params: sessionIdParam,
  response: { status: 204 },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    const id = sessionIdOf(ctx, params.sessionId);
    if (!(await services.accounts.sessions.delete(caller.user.id, id))) throw new AppwriteError('user_session_not_found');
    await services.accounts.log.record(ctx, caller.user, 'session.delete');
    if (id === caller.session.id) ctx.response.endSession();
  },
});

export const sessionRoutes = [
  createEmailPasswordSession, createAnonymousSession, createSession, updateMagicURLSession, updatePhoneSession,
  listSessions, deleteSessions, getSession, updateSession, deleteSession,
];
