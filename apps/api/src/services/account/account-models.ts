import { describeClient } from './primitives/user-agent.ts';
import type { SessionRow, UserRow } from './account-rows.ts';
import type { TargetRow } from './target-store.ts';
import type { TokenRow } from './token-store.ts';

/** Wire models of the account service (appwrite-protocol §3.2). Secrets never leave through these. */

export function targetModel(row: TargetRow) {
  return {
    $id: row.id,
    $createdAt: row.created_at,
    $updatedAt: row.updated_at,
    name: row.name,
    userId: row.user_id,
    providerId: row.provider_id || null,
    providerType: row.provider_type,
    identifier: row.identifier,
    expired: row.expired === 1,
  };
}

export function accountModel(user: UserRow, targets: readonly TargetRow[]) {
  return {
    $id: user.id,
    $createdAt: user.created_at,
    $updatedAt: user.updated_at,
    name: user.name,
    registration: user.created_at,
    status: user.status === 1,
    labels: JSON.parse(user.labels) as string[],
    passwordUpdate: user.password_updated_at ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    emailVerification: user.email_verification === 1,
    phoneVerification: user.phone_verification === 1,
    mfa: user.mfa === 1,
    prefs: JSON.parse(user.prefs) as Record<string, unknown>,
    targets: targets.map(targetModel),
    accessedAt: user.accessed_at,
  };
}

/** Where the request came from, as the session and log models show it (locale/place.ts's countryOf). */
export interface Country {
  countryCode: string;
  countryName: string;
}

const unknownCountry: Country = { countryCode: '--', countryName: 'Unknown' };

export function sessionModel(row: SessionRow, currentSessionId: string | null, secret = '', country: Country = unknownCountry) {
  return {
    $id: row.id,
    $createdAt: row.created_at,
    $updatedAt: row.updated_at,
    userId: row.user_id,
    expire: row.expire,
    provider: row.provider,
    providerUid: row.provider_uid,
    providerAccessToken: row.provider_access_token,
    providerAccessTokenExpiry: row.provider_access_token_expiry,
    providerRefreshToken: row.provider_refresh_token,
    ip: row.ip,
    ...describeClient(row.user_agent),
    ...country,
    current: row.id === currentSessionId,
    factors: JSON.parse(row.factors) as string[],
    secret,
    mfaUpdatedAt: row.mfa_updated_at,
  };
}

export function tokenModel(row: TokenRow, secret = '') {
  return { $id: row.id, $createdAt: row.created_at, userId: row.user_id, secret, expire: row.expire, phrase: row.phrase };
}

export interface LogEntry {
  event: string;
  userId: string;
  userEmail: string;
  userName: string;
  mode: string;
  ip: string;
  time: string;
  userAgent: string;
}

export function logModel(entry: LogEntry, country: Country = unknownCountry) {
  const { userAgent, ...rest } = entry;
  return { ...rest, ...describeClient(userAgent), ...country };
}
