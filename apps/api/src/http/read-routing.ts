import type { Identity } from '../core/context.ts';

/**
 * The hot read paths: the routes whose plain reads may be served by the read replica
 * (DATABASE_REPLICA_URL). The site's pages read through these. Identity, permissions and
 * every other route read the primary.
 */
export const REPLICA_ROUTES: ReadonlySet<string> = new Set(['databases.listDocuments', 'databases.getDocument', 'tablesDB.listRows', 'tablesDB.getRow', 'storage.listFiles', 'storage.getFile']);

export function mayReadReplica(routeId: string): boolean {
  return REPLICA_ROUTES.has(routeId);
}

/** Whose writes a request must read back at once: its session, its API key or its JWT's user; guests are nobody's. */
export function writerOf(identity: Identity): string | undefined {
  if (identity.signedIn) return identity.signedIn.via === 'session' ? `session:${identity.signedIn.session.id}` : `user:${identity.signedIn.user.id}`;
  if (identity.admin) return `key:${identity.keyName ?? ''}`;
  return undefined;
}
