/**
 * The answers Appwrite (1.6, the protocol this server speaks) gives, computed from the declared
 * permissions, a target's own permissions and the caller's roles and scopes — independently of the
 * server's code. The order of the checks is Appwrite's controllers' (app/controllers/api/
 * databases.php, storage.php, teams.php; app/controllers/shared/api.php for scopes).
 */
import type { Action, DeclaredBucket, DeclaredCollection, DeclaredTopic, Grants } from './declared-project.ts';
import type { Principal } from './principals.ts';

export interface Outcome {
  status: number;
  /** The Appwrite error type of a refusal. */
  type?: string;
  /** The exact message, when Appwrite's is fixed for this refusal. */
  message?: string;
  /** A refused grant: the message lists exactly these roles ("Permissions must be one of: (…)"). */
  grantableRoles?: readonly string[];
}

/** Scopes of guests and of signed-in users (Appwrite 1.6 app/config/roles.php). */
const GUEST_SCOPES = new Set(['global', 'public', 'home', 'console', 'graphql', 'sessions.write', 'documents.read', 'documents.write', 'files.read', 'files.write', 'locale.read', 'avatars.read', 'execution.write']);
const USER_SCOPES = new Set([
  'global', 'public', 'home', 'console', 'graphql', 'sessions.write', 'account', 'teams.read', 'teams.write', 'documents.read', 'documents.write',
  'files.read', 'files.write', 'projects.read', 'locale.read', 'avatars.read', 'execution.read', 'execution.write', 'targets.read', 'targets.write',
  'subscribers.write', 'subscribers.read', 'assistant.read',
]);

/** The roles Appwrite's Authorization holds for a caller (Auth::getRoles); keys bypass roles altogether. */
export function rolesOf(principal: Principal): string[] {
  if (principal.kind === 'guest') return ['any', 'guests'];
  if (principal.kind === 'key' || !principal.user) return ['any'];
  const { id, verified } = principal.user;
  const dimension = verified ? 'verified' : 'unverified';
  const teams = principal.memberships.flatMap((membership) => [
    `team:${membership.teamId}`,
    ...membership.roles.map((role) => `team:${membership.teamId}/${role}`),
    `member:${membership.membershipId}`,
  ]);
  return ['any', `user:${id}`, 'users', `user:${id}/${dimension}`, `users/${dimension}`, ...teams];
}

function isKey(principal: Principal): boolean {
  return principal.kind === 'key';
}

/** Authorization::isValid: a key always; anyone else when one of their roles is granted. */
export function allowed(principal: Principal, roles: ReadonlySet<string> | readonly string[]): boolean {
  if (isKey(principal)) return true;
  const granted = new Set(roles);
  return rolesOf(principal).some((role) => granted.has(role));
}

/** The roles granted `action` in a permission list such as ['read("any")', …]. */
export function rolesFor(permissions: readonly string[], action: Action): string[] {
  const prefix = `${action}("`;
  return permissions.filter((text) => text.startsWith(prefix)).map((text) => text.slice(prefix.length, -2));
}

/** 401 general_unauthorized_scope when the caller's role lacks the route's scope; null when it holds it. */
export function scopeRefusal(principal: Principal, scope: string, projectId: string, host: string): Outcome | null {
  if (principal.kind === 'key') {
    if (principal.keyHolds!(scope)) return null;
    return { status: 401, type: 'general_unauthorized_scope', message: `app.${projectId}@service.${host} (role: applications) missing scope (${scope})` };
  }
  const role = principal.kind === 'guest' ? 'guests' : 'users';
  if ((principal.kind === 'guest' ? GUEST_SCOPES : USER_SCOPES).has(scope)) return null;
  return { status: 401, type: 'general_unauthorized_scope', message: `User (role: ${role}) missing scope (${scope})` };
}

const unauthorized: Outcome = { status: 401, type: 'user_unauthorized' };

/** Users may grant only roles they hold; keys anything. The refusal lists the caller's roles. */
function grantRefusal(principal: Principal, permissions: readonly string[] | undefined): Outcome | null {
  if (!permissions || isKey(principal)) return null;
  const roles = rolesOf(principal);
  const foreign = (['read', 'update', 'delete'] as const).some((action) => rolesFor(permissions, action).some((role) => !roles.includes(role)));
  return foreign ? { status: 401, type: 'user_unauthorized', grantableRoles: roles } : null;
}

/** A document or file that exists, with its own permissions. */
export interface Target {
  id: string;
  permissions: readonly string[];
}

function resourceHidden(resource: DeclaredCollection | DeclaredBucket, principal: Principal): Outcome | null {
  if (isKey(principal)) return null;
  if (resource.kind === 'collection' && !resource.databaseEnabled) return { status: 404, type: 'database_not_found' };
  if (resource.enabled) return null;
  return resource.kind === 'collection' ? { status: 404, type: 'collection_not_found' } : { status: 404, type: 'storage_bucket_not_found' };
}

function ownGrant(resource: { ownSecurity: boolean }, target: Target, action: Action, principal: Principal): boolean {
  return resource.ownSecurity && allowed(principal, rolesFor(target.permissions, action));
}

function declaredGrant(grants: Grants, action: Action, principal: Principal): boolean {
  return allowed(principal, grants[action]);
}

/** Whether the caller sees `target` in a list, a search or a get. */
export function mayRead(resource: DeclaredCollection | DeclaredBucket, target: Target, principal: Principal): boolean {
  return declaredGrant(resource.grants, 'read', principal) || ownGrant(resource, target, 'read', principal);
}

export const documentRules = {
  list(collection: DeclaredCollection, principal: Principal): Outcome {
    const hidden = resourceHidden(collection, principal);
    if (hidden) return hidden;
    // Without the collection's read grant, a list is allowed only when documents' own grants count.
    return declaredGrant(collection.grants, 'read', principal) || collection.ownSecurity ? { status: 200 } : unauthorized;
  },
  get(collection: DeclaredCollection, target: Target, principal: Principal): Outcome {
    return resourceHidden(collection, principal) ?? (mayRead(collection, target, principal) ? { status: 200 } : { status: 404, type: 'document_not_found' });
  },
  /** The grant check comes before the create permission (databases.php createDocument). */
  create(collection: DeclaredCollection, principal: Principal, permissions?: readonly string[]): Outcome {
    return resourceHidden(collection, principal) ?? grantRefusal(principal, permissions) ?? (declaredGrant(collection.grants, 'create', principal) ? { status: 201 } : unauthorized);
  },
  /** Read permission is not required: the document is found whatever the caller may read. */
  update(collection: DeclaredCollection, target: Target, principal: Principal, permissions?: readonly string[]): Outcome {
    const hidden = resourceHidden(collection, principal);
    if (hidden) return hidden;
    const refused = grantRefusal(principal, permissions);
    if (refused) return refused;
    return declaredGrant(collection.grants, 'update', principal) || ownGrant(collection, target, 'update', principal) ? { status: 200 } : unauthorized;
  },
  delete(collection: DeclaredCollection, target: Target, principal: Principal): Outcome {
    return resourceHidden(collection, principal) ?? (declaredGrant(collection.grants, 'delete', principal) || ownGrant(collection, target, 'delete', principal) ? { status: 204 } : unauthorized);
  },
};

export const fileRules = {
  list(bucket: DeclaredBucket, principal: Principal): Outcome {
    const hidden = resourceHidden(bucket, principal);
    if (hidden) return hidden;
    return declaredGrant(bucket.grants, 'read', principal) || bucket.ownSecurity ? { status: 200 } : unauthorized;
  },
  /** get, view, download and preview: without the bucket's read grant and file security, 401 before the file is looked up. */
  read(bucket: DeclaredBucket, target: Target, principal: Principal): Outcome {
    const hidden = resourceHidden(bucket, principal);
    if (hidden) return hidden;
    if (declaredGrant(bucket.grants, 'read', principal)) return { status: 200 };
    if (!bucket.ownSecurity) return unauthorized;
    return ownGrant(bucket, target, 'read', principal) ? { status: 200 } : { status: 404, type: 'storage_file_not_found' };
  },
  /** The create permission comes before the grant check (storage.php createFile). */
  create(bucket: DeclaredBucket, principal: Principal, permissions?: readonly string[]): Outcome {
    const hidden = resourceHidden(bucket, principal);
    if (hidden) return hidden;
    if (!declaredGrant(bucket.grants, 'create', principal)) return unauthorized;
    return grantRefusal(principal, permissions) ?? { status: 201 };
  },
  /** Bucket grant or file security first, then the file (found without read), the grants, the file's own grant. */
  update(bucket: DeclaredBucket, target: Target, principal: Principal, permissions?: readonly string[]): Outcome {
    const hidden = resourceHidden(bucket, principal);
    if (hidden) return hidden;
    const byBucket = declaredGrant(bucket.grants, 'update', principal);
    if (!byBucket && !bucket.ownSecurity) return unauthorized;
    const refused = grantRefusal(principal, permissions);
    if (refused) return refused;
    return byBucket || ownGrant(bucket, target, 'update', principal) ? { status: 200 } : unauthorized;
  },
  delete(bucket: DeclaredBucket, target: Target, principal: Principal): Outcome {
    const hidden = resourceHidden(bucket, principal);
    if (hidden) return hidden;
    const byBucket = declaredGrant(bucket.grants, 'delete', principal);
    if (!byBucket && !bucket.ownSecurity) return unauthorized;
    return byBucket || ownGrant(bucket, target, 'delete', principal) ? { status: 204 } : unauthorized;
  },
};

/** A team document grants read to `team:ID` and update/delete to `team:ID/owner` (teams.php). */
function memberOf(teamId: string, principal: Principal): boolean {
  return allowed(principal, [`team:${teamId}`]);
}

function ownerOf(teamId: string, principal: Principal): boolean {
  return allowed(principal, [`team:${teamId}/owner`]);
}

const teamNotFound: Outcome = { status: 404, type: 'team_not_found' };

/** Changes only owners (and keys) may make to a team the caller can read. */
function ownerChange(teamId: string, principal: Principal, success: Outcome, refusal: Outcome = unauthorized): Outcome {
  if (!memberOf(teamId, principal)) return teamNotFound;
  return ownerOf(teamId, principal) ? success : refusal;
}

export const teamRules = {
  list: (): Outcome => ({ status: 200 }),
  /** Whether the team shows in the caller's list. */
  listed: (teamId: string, principal: Principal): boolean => memberOf(teamId, principal),
  read: (teamId: string, principal: Principal): Outcome => (memberOf(teamId, principal) ? { status: 200 } : teamNotFound),
  updateName: (teamId: string, principal: Principal): Outcome => ownerChange(teamId, principal, { status: 200 }),
  delete: (teamId: string, principal: Principal): Outcome => ownerChange(teamId, principal, { status: 204 }),
  updatePrefs: (teamId: string, principal: Principal): Outcome => ownerChange(teamId, principal, { status: 200 }),
  createMembership: (teamId: string, principal: Principal): Outcome =>
    ownerChange(teamId, principal, { status: 201 }, { status: 401, type: 'user_unauthorized', message: 'User is not allowed to send invitations for this team' }),
  updateMembership: (teamId: string, principal: Principal): Outcome =>
    ownerChange(teamId, principal, { status: 200 }, { status: 401, type: 'user_unauthorized', message: 'User is not allowed to modify roles' }),
  /** Another member's membership: its delete permission is `user:<member>` and `team:ID/owner`. */
  deleteMembership: (teamId: string, principal: Principal): Outcome => ownerChange(teamId, principal, { status: 204 }),
};

/** messaging.createSubscriber: the topic's `subscribe` roles (keys bypass them), then the target. */
export function subscribeRule(topic: DeclaredTopic, principal: Principal): Outcome {
  return allowed(principal, topic.subscribe) ? { status: 201 } : unauthorized;
}
