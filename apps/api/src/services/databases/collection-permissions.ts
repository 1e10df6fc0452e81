import { normalizePermissions, type ConcreteAction } from '@ballot-atlas/shared/appwrite/permission';
import type { Identity } from '../../core/context.ts';
import type { CollectionDefinition } from '../../schema/project-schema.ts';

/** A collection's own permissions, grouped by action, for fast role checks. */
export class CollectionPermissions {
  private readonly rolesByAction = new Map<ConcreteAction, Set<string>>();

  constructor(collection: CollectionDefinition) {
    for (const permission of normalizePermissions(collection.$permissions, ['read', 'create', 'update', 'delete'])) {
      const action = permission.action as ConcreteAction;
      const roles = this.rolesByAction.get(action) ?? new Set<string>();
      roles.add(permission.role);
      this.rolesByAction.set(action, roles);
    }
  }

  allows(action: ConcreteAction, identity: Identity): boolean {
    if (identity.admin) return true;
    const roles = this.rolesByAction.get(action);
    return roles !== undefined && identity.roles.some((role) => roles.has(role));
  }
}

/** True when a document's own permission list grants `action` to one of the caller's roles. */
export function documentAllows(permissions: readonly string[], action: ConcreteAction, identity: Identity): boolean {
  if (identity.admin) return true;
  return identity.roles.some((role) => permissions.includes(`${action}("${role}")`));
}
