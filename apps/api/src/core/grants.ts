import { normalizePermissions, PermissionFormatError, type Permission } from '@ballot-atlas/shared/appwrite/permission';
import type { Identity } from './context.ts';
import { AppwriteError, argumentInvalid } from './errors.ts';

/** Permission lists a caller writes on a document or file, and the rules that apply to them. */

export function documentPermissions(texts: readonly string[]): Permission[] {
  try {
    return normalizePermissions(texts, ['read', 'update', 'delete']);
  } catch (error) {
    if (error instanceof PermissionFormatError) throw argumentInvalid('permissions', error.message);
    throw error;
  }
}

/** Callers may only grant permissions to roles they hold themselves. */
export function assertGrantable(permissions: readonly Permission[], identity: Identity): void {
  if (identity.admin) return;
  const foreign = permissions.find((permission) => !identity.roles.includes(permission.role));
  if (foreign) {
    throw new AppwriteError('user_unauthorized', `Permissions must be one of: (${identity.roles.join(', ')})`);
  }
}

export function defaultPermissions(identity: Identity): Permission[] {
  if (!identity.userId) return [];
  const role = `user:${identity.userId}`;
  return [
    { action: 'read', role },
    { action: 'update', role },
    { action: 'delete', role },
  ];
}

