import { formatDate } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { MembershipGrant, SignedIn } from '../../core/context.ts';
import { verifyJwt } from './jwt.ts';
import { needsMoreFactors } from './mfa-rules.ts';
import { decodeSessionToken, sha256Hex } from './primitives/secrets.ts';
import type { SessionStore } from './session-store.ts';
import type { SessionRow, UserRow } from './account-rows.ts';
import type { UserStore } from './user-store.ts';

/** `accessedAt` is refreshed at most this often, so reads do not turn into writes. */
const ACCESS_REFRESH_MS = 24 * 60 * 60 * 1000;

/** A user's confirmed memberships (kept by the teams service). */
export type MembershipLookup = (userId: string) => Promise<MembershipGrant[]>;

/** Turns a session token or a JWT into the signed-in caller. */
export class SessionResolver {
  private readonly users: UserStore;
  private readonly sessions: SessionStore;
  private readonly jwtKey: string;
  private readonly memberships: MembershipLookup;

  constructor(users: UserStore, sessions: SessionStore, jwtKey: string, memberships: MembershipLookup) {
    this.users = users;
    this.sessions = sessions;
    this.jwtKey = jwtKey;
    this.memberships = memberships;
  }

  /** The caller of a session token; null (a guest) for an unknown, expired or malformed one, or a blocked user. */
  async fromSessionToken(token: string): Promise<SignedIn | null> {
    const decoded = decodeSessionToken(token);
    if (!decoded) return null;
    const session = await this.sessions.findBySecretHash(sha256Hex(decoded.secret));
    if (!session || session.user_id !== decoded.id) return null;
    return this.signedIn(session, 'session');
  }

  /** The caller of a JWT; a bad or expired token, or one whose session ended, is an error. */
  async fromJwt(jwt: string): Promise<SignedIn> {
    const claims = verifyJwt(jwt, this.jwtKey);
    if (!claims) throw new AppwriteError('user_jwt_invalid', 'Failed to verify JWT. Invalid token: Expired or malformed.');
    const session = await this.sessions.get(claims.userId, claims.sessionId);
    const signedIn = session ? await this.signedIn(session, 'jwt') : null;
    if (!signedIn) throw new AppwriteError('user_jwt_invalid', 'Failed to verify JWT. The session of this token has ended.');
    return signedIn;
  }

  private async signedIn(session: SessionRow, via: SignedIn['via']): Promise<SignedIn | null> {
    const now = Date.now();
    if (new Date(session.expire).getTime() <= now) return null;
    const user = await this.users.get(session.user_id);
    if (!user || user.status !== 1) return null;
    await this.refreshAccess(user, now);
    return { user, session, via, memberships: await this.memberships(user.id), moreFactorsRequired: needsMoreFactors(user, session) };
  }

  private async refreshAccess(user: UserRow, now: number): Promise<void> {
    if (now - new Date(user.accessed_at).getTime() < ACCESS_REFRESH_MS) return;
    user.accessed_at = formatDate(new Date(now));
    await this.users.touchAccessedAt(user.id, user.accessed_at);
  }
}
