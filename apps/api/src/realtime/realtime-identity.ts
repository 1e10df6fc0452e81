import type { IncomingMessage } from 'node:http';
import { userRoles, type SignedIn } from '../core/context.ts';
import { AppwriteError } from '../core/errors.ts';
import { parseCookies } from '../http/cookies.ts';
import { sessionCookieName } from '../http/identity.ts';
import type { SessionResolver } from '../services/account/session-resolver.ts';

/** What a socket proved about its user: a session token (cookie or `authentication` frame) or a JWT (`?jwt=`). */
export type Credential = { kind: 'session'; token: string } | { kind: 'jwt'; jwt: string };

/** Who is behind a socket now: the roles events are checked against, as for an HTTP request (appwrite-protocol §5.2). */
export interface SocketIdentity {
  credential: Credential | null;
  signedIn: SignedIn | null;
  roles: ReadonlySet<string>;
}

export const GUEST_SOCKET: SocketIdentity = { credential: null, signedIn: null, roles: new Set(['any', 'guests']) };

/** The credential of the upgrade request: the JWT in the URL (SDK 28), else the session cookie (current or legacy name). */
export function credentialOfHandshake(request: IncomingMessage, search: URLSearchParams, projectId: string): Credential | null {
  const jwt = search.get('jwt');
  if (jwt) return { kind: 'jwt', jwt };
  const name = sessionCookieName(projectId);
  const cookies = parseCookies(request.headers.cookie);
  const token = cookies.get(name) || cookies.get(`${name}_legacy`);
  return token ? { kind: 'session', token } : null;
}

/**
 * Resolves a credential to the user and roles it carries now. A session that ended or a blocked user
 * is a guest; so is a JWT that no longer verifies (its holder keeps the socket, with fewer events).
 */
export async function resolveSocketIdentity(resolver: SessionResolver, credential: Credential | null): Promise<SocketIdentity> {
  if (!credential) return GUEST_SOCKET;
  let signedIn: SignedIn | null;
  try {
    signedIn = credential.kind === 'session' ? await resolver.fromSessionToken(credential.token) : await resolver.fromJwt(credential.jwt);
  } catch (error) {
    if (error instanceof AppwriteError) return GUEST_SOCKET;
    throw error;
  }
  // A session still waiting for its second factor reads nothing but what a guest may.
  if (!signedIn || signedIn.moreFactorsRequired) return GUEST_SOCKET;
  return { credential, signedIn, roles: new Set(userRoles(signedIn.user, signedIn.memberships)) };
}
