import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { formatDate } from '../../core/dates.ts';
import type { RequestContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { sessionModel } from './account-models.ts';
import { countryForCaller } from '../locale/place.ts';
import { encodeSessionToken, randomHex, sha256Hex } from './primitives/secrets.ts';
import type { SessionRow, UserRow } from './account-rows.ts';

export type SessionProvider = 'email' | 'anonymous' | 'magic-url' | 'phone' | 'oauth2' | 'token' | 'server';

export interface SessionOrigin {
  provider: SessionProvider;
  providerUid?: string;
  factors: string[];
  providerAccessToken?: string;
  providerAccessTokenExpiry?: string;
  providerRefreshToken?: string;
}

/** Creates a session for `user`, sets the cookie, logs it, and returns the Session model. */
export async function openSession(ctx: RequestContext, services: Services, user: UserRow, origin: SessionOrigin) {
  const { accounts } = services;
  const secret = randomHex(128);
  const created = new Date();
  const row: SessionRow = {
    id: uniqueId(),
    user_id: user.id,
    secret_hash: sha256Hex(secret),
    provider: origin.provider,
    provider_uid: origin.providerUid ?? '',
    provider_access_token: origin.providerAccessToken ?? '',
    provider_access_token_expiry: origin.providerAccessTokenExpiry ?? '',
    provider_refresh_token: origin.providerRefreshToken ?? '',
    ip: ctx.ip,
    user_agent: ctx.userAgent,
    factors: JSON.stringify(origin.factors),
    mfa_updated_at: '',
    expire: formatDate(new Date(created.getTime() + ctx.config.sessionDurationSeconds * 1000)),
    created_at: formatDate(created),
    updated_at: formatDate(created),
  };
  await accounts.sessions.create(row);
  const token = encodeSessionToken(user.id, secret);
  ctx.response.startSession(token, row.expire);
  await accounts.log.record(ctx, user, 'session.create');
  // Only a server holding the API key sees the secret (it sets the cookie itself, e.g. for SSR).
  return sessionModel(row, row.id, ctx.identity.admin ? token : '', countryForCaller(services.geo, row.ip, ctx));
}
