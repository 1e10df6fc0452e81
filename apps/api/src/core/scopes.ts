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

export type Scope = (typeof userScopes)[number];

const guestSet: ReadonlySet<string> = new Set(guestScopes);
const userSet: ReadonlySet<string> = new Set(userScopes);

export function hasScope(identity: Identity, scope: Scope): boolean {
  if (identity.admin) return true;
  return (identity.userId ? userSet : guestSet).has(scope);
}

export function roleName(identity: Identity): string {
  if (identity.admin) return 'admin';
  return identity.userId ? 'users' : 'guests';
}
