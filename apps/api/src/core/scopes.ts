import type { Identity } from './context.ts';

/** Scopes per caller kind (Appwrite's roles.php, the parts this server serves). */
const guestScopes = [
  'global', 'public', 'home', 'console', 'graphql', 'sessions.write', 'documents.read', 'documents.write',
  'files.read', 'files.write', 'locale.read', 'avatars.read', 'execution.write',
] as const;
const userScopes = [
  ...guestScopes, 'account', 'teams.read', 'teams.write', 'execution.read', 'targets.read', 'targets.write',
  'subscribers.read', 'subscribers.write', 'projects.read',
] as const;

/** Scopes only API keys (and Appwrite's console admins) hold. */
const keyOnlyScopes = [
  'tokens.read', 'tokens.write', 'messages.read', 'messages.write', 'topics.read', 'users.read', 'users.write',
  'databases.read', 'databases.write', 'collections.read', 'collections.write', 'tables.read', 'tables.write', 'buckets.read', 'buckets.write',
] as const;

export type Scope = (typeof userScopes)[number] | (typeof keyOnlyScopes)[number];

const guestSet: ReadonlySet<string> = new Set(guestScopes);
const userSet: ReadonlySet<string> = new Set(userScopes);

export function hasScope(identity: Identity, scope: Scope): boolean {
  if (identity.admin) return identity.keyScopes?.has(scope) ?? true;
  return (identity.userId ? userSet : guestSet).has(scope);
}

/**
 * Appwrite's 401 `general_unauthorized_scope` message: the caller (a key is named by its service
 * address, `app.<project>@service.<host>`), its role and the scope it lacks.
 */
export function missingScopeMessage(identity: Identity, scope: Scope, projectId: string, hostname: string): string {
  if (identity.admin) return `app.${projectId}@service.${hostname} (role: applications) missing scope (${scope})`;
  return `User (role: ${identity.userId ? 'users' : 'guests'}) missing scope (${scope})`;
}
