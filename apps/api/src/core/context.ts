import type { Config } from '../config.ts';
import type { SessionRow, UserRow } from '../services/account/account-rows.ts';

/** A confirmed team membership, as far as permissions care. */
export interface MembershipGrant {
  membershipId: string;
  teamId: string;
  roles: readonly string[];
}

/** A signed-in caller: the user and the session the request carried (directly or through a JWT). */
export interface SignedIn {
  user: UserRow;
  session: SessionRow;
  /** The user's confirmed team memberships when the request arrived. */
  memberships: readonly MembershipGrant[];
  via: 'session' | 'jwt';
  /** MFA is on and the session still lacks its second factor: only the MFA routes answer. */
  moreFactorsRequired: boolean;
}

/** Who is calling: resolved once per request. */
export interface Identity {
  /** An API key: bypasses permissions (and, unless `keyScopes` limits it, scopes). */
  admin: boolean;
  /** An API_KEYS key's scopes; absent for API_KEY (every scope) and for everyone else. */
  keyScopes?: ReadonlySet<string>;
  /** An API_KEYS key's name (the change history says which key made a change). */
  keyName?: string;
  userId: string | null;
  roles: string[];
  signedIn: SignedIn | null;
}

export const GUEST: Identity = { admin: false, userId: null, roles: ['any', 'guests'], signedIn: null };
export const ADMIN: Identity = { admin: true, userId: null, roles: ['any'], signedIn: null };

export function scopedKeyIdentity(scopes: ReadonlySet<string>, name?: string): Identity {
  return { ...ADMIN, keyScopes: scopes, ...(name === undefined ? {} : { keyName: name }) };
}

/** Roles a signed-in user holds (appwrite-protocol §5.2): theirs, their teams' and team roles', their labels. */
export function userRoles(user: UserRow, memberships: readonly MembershipGrant[] = []): string[] {
  const verified = user.email_verification === 1 || user.phone_verification === 1 ? 'verified' : 'unverified';
  const teams = memberships.flatMap((membership) => [
    `team:${membership.teamId}`,
    `member:${membership.membershipId}`,
    ...membership.roles.map((role) => `team:${membership.teamId}/${role}`),
  ]);
  const labels = (JSON.parse(user.labels) as string[]).map((label) => `label:${label}`);
  return ['any', 'users', `users/${verified}`, `user:${user.id}`, `user:${user.id}/${verified}`, ...teams, ...labels];
}

export function signedInIdentity(signedIn: SignedIn): Identity {
  return { admin: false, userId: signedIn.user.id, roles: userRoles(signedIn.user, signedIn.memberships), signedIn };
}

/** Sets session cookies, clears them, or adds headers; handlers use it instead of the raw reply. */
export interface ResponseControl {
  startSession(token: string, expire: string): void;
  endSession(): void;
  /** An HttpOnly, SameSite=Lax cookie for this server's own short-lived use; maxAge 0 deletes it. */
  cookie(name: string, value: string, maxAgeSeconds: number): void;
  header(name: string, value: string): void;
}

export interface RequestContext {
  config: Config;
  identity: Identity;
  ip: string;
  userAgent: string;
  locale: string;
  /** Origin (scheme://host[:port]) of the request as the client addressed it, for links in mails. */
  origin: string;
  /** A request header (lower-case name), when present. */
  header(name: string): string | undefined;
  /** The request's cookies. */
  cookies: ReadonlyMap<string, string>;
  response: ResponseControl;
}
