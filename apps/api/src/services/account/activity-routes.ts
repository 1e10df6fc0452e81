import { AppwriteError } from '../../core/errors.ts';
import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { logModel, targetModel } from './account-models.ts';
import { countryForCaller } from '../locale/place.ts';
import { IDENTITY_FILTER_COLUMNS, type IdentityRow } from './identity-store.ts';
import { JWT_LIFETIME_SECONDS, signJwt } from './jwt.ts';
import { filteredPageFromQueries, pageFromQueries } from './page-queries.ts';
import { signedIn } from './signed-in.ts';

export const createJWT = defineRoute({
  id: 'account.createJWT',
  method: 'POST',
  path: '/account/jwts',
  aliases: ['/account/jwt'],
  summary: 'A short-lived JWT that acts as the current session (for a server acting on the user\'s behalf).',
  scope: 'account',
  abuse: { limit: 100, windowSeconds: 3600, key: ['url', 'userId'] },
  params: { duration: param.integer({ min: 0, max: 3600, description: 'Lifetime in seconds (default 900).' }) },
  response: { status: 201, model: 'JWT' },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    await services.accounts.log.record(ctx, caller.user, 'jwt.create');
    const lifetime = params.duration ? params.duration : JWT_LIFETIME_SECONDS;
    return { jwt: signJwt({ userId: caller.user.id, sessionId: caller.session.id }, services.accounts.jwtKey, lifetime) };
  },
});

export const listLogs = defineRoute({
  id: 'account.listLogs',
  method: 'GET',
  path: '/account/logs',
  summary: 'What happened to the account, newest first (sign-ins, changes), with client, device and address.',
  scope: 'account',
  params: { queries: param.queries({ description: 'Query.limit and Query.offset only.' }) },
  response: { status: 200, model: 'LogList' },
  handler: async ({ params, ctx, services }) => {
    const page = pageFromQueries(params.queries);
    const { total, entries } = await services.accounts.log.list(signedIn(ctx).user.id, page.limit, page.offset);
    return { total, logs: entries.map((entry) => logModel(entry, countryForCaller(services.geo, entry.ip, ctx))) };
  },
});

function identityModel(row: IdentityRow) {
  return {
    $id: row.id,
    $createdAt: row.created_at,
    $updatedAt: row.updated_at,
    userId: row.user_id,
    provider: row.provider,
    providerUid: row.provider_uid,
    providerEmail: row.provider_email,
    providerAccessToken: row.provider_access_token,
    providerAccessTokenExpiry: row.provider_access_token_expiry,
    providerRefreshToken: row.provider_refresh_token,
  };
}

export const listIdentities = defineRoute({
  id: 'account.listIdentities',
  method: 'GET',
  path: '/account/identities',
  summary: 'The OAuth2 provider accounts linked to this account.',
  scope: 'account',
  params: {
    queries: param.queries({ description: 'Query.limit, Query.offset, and Query.equal / Query.notEqual on userId, provider, providerUid, providerEmail or providerAccessTokenExpiry.' }),
    total: param.boolean({ description: 'When false the count is skipped and total is 0.' }),
  },
  response: { status: 200, model: 'IdentityList' },
  handler: async ({ params, ctx, services }) => {
    const page = filteredPageFromQueries(params.queries, IDENTITY_FILTER_COLUMNS);
    const { total, rows } = await services.accounts.identities.list(signedIn(ctx).user.id, page.limit, page.offset, page.filters);
    return { total: params.total === false ? 0 : total, identities: rows.map(identityModel) };
  },
});

export const deleteIdentity = defineRoute({
  id: 'account.deleteIdentity',
  method: 'DELETE',
  path: '/account/identities/{identityId}',
  summary: 'Unlink an OAuth2 provider account.',
  scope: 'account',
  params: { identityId: param.uid({ required: true, description: 'Identity ID.' }) },
  response: { status: 204 },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    if (!(await services.accounts.identities.delete(caller.user.id, params.identityId))) throw new AppwriteError('user_identity_not_found');
    await services.accounts.log.record(ctx, caller.user, 'identity.delete');
  },
});

export const createPushTarget = defineRoute({
  id: 'account.createPushTarget',
  method: 'POST',
  path: '/account/targets/push',
  summary: 'Register a device\'s push token as a messaging target.',
  scope: 'targets.write',
  params: {
    targetId: param.newId({ required: true, description: 'Target ID, or unique() to have one generated.' }),
    identifier: param.string({ required: true, min: 1, max: 4096, description: 'The push token.' }),
    providerId: param.uid({ description: 'Messaging provider ID.' }),
  },
  response: { status: 201, model: 'Target' },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    const id = params.targetId === 'unique()' ? undefined : params.targetId;
    const target = await services.accounts.targets.create(caller.user.id, 'push', params.identifier, { ...(id ? { id } : {}), ...(params.providerId ? { providerId: params.providerId } : {}) });
    await services.accounts.log.record(ctx, caller.user, 'target.create');
    return targetModel(target);
  },
});

const targetIdParam = { targetId: param.uid({ required: true, description: 'Target ID.' }) };

export const updatePushTarget = defineRoute({
  id: 'account.updatePushTarget',
  method: 'PUT',
  path: '/account/targets/{targetId}/push',
  summary: 'Replace a push target\'s token.',
  scope: 'targets.write',
  params: { ...targetIdParam, identifier: param.string({ required: true, min: 1, max: 4096, description: 'The new push token.' }) },
  response: { status: 200, model: 'Target' },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    const existing = await services.accounts.targets.get(caller.user.id, params.targetId);
    if (!existing || existing.provider_type !== 'push') throw new AppwriteError('user_target_not_found');
    const target = await services.accounts.targets.updateIdentifier(caller.user.id, params.targetId, params.identifier);
    await services.accounts.log.record(ctx, caller.user, 'target.update');
    return targetModel(target);
  },
});

export const deletePushTarget = defineRoute({
  id: 'account.deletePushTarget',
  method: 'DELETE',
  path: '/account/targets/{targetId}/push',
  summary: 'Remove a push target.',
  scope: 'targets.write',
  params: targetIdParam,
  response: { status: 204 },
  handler: async ({ params, ctx, services }) => {
    const caller = signedIn(ctx);
    const existing = await services.accounts.targets.get(caller.user.id, params.targetId);
    if (!existing || existing.provider_type !== 'push') throw new AppwriteError('user_target_not_found');
    await services.accounts.targets.delete(caller.user.id, params.targetId);
    await services.accounts.log.record(ctx, caller.user, 'target.delete');
  },
});

export const activityRoutes = [createJWT, listLogs, listIdentities, deleteIdentity, createPushTarget, updatePushTarget, deletePushTarget];
