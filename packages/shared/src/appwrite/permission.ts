/** Permission strings `action("role")` and role strings `name[:id][/dimension]` (seed §6). */
export const PERMISSION_ACTIONS = ['read', 'create', 'update', 'delete', 'write'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export type ConcreteAction = Exclude<PermissionAction, 'write'>;

export interface Permission {
  action: PermissionAction;
  role: string;
}

export const MAX_PERMISSIONS = 100;

const ROLE_NAMES = ['any', 'guests', 'users', 'user', 'team', 'member', 'label'] as const;
const idPart = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const labelPart = /^[A-Za-z0-9]{1,36}$/;
const dimensionPart = /^[A-Za-z0-9._-]{1,81}$/;

export class PermissionFormatError extends Error {}

/** Throws PermissionFormatError with Appwrite's validator wording when the role is malformed. */
export function assertValidRole(role: string): void {
  const [nameAndId = '', dimension, extra] = role.split('/');
  const colon = nameAndId.indexOf(':');
  const name = colon === -1 ? nameAndId : nameAndId.slice(0, colon);
  const identifier = colon === -1 ? undefined : nameAndId.slice(colon + 1);
  if (!(ROLE_NAMES as readonly string[]).includes(name)) {
    throw new PermissionFormatError(`Role "${name}" is not allowed. Must be one of: ${ROLE_NAMES.join(', ')}.`);
  }
  const fail = (why: string): never => {
    throw new PermissionFormatError(`Invalid role "${role}": ${why}`);
  };
  if (extra !== undefined) fail('only one dimension is allowed.');
  switch (name) {
    case 'any':
    case 'guests':
      if (identifier !== undefined || dimension !== undefined) fail(`role "${name}" takes no identifier or dimension.`);
      return;
    case 'users':
      if (identifier !== undefined) fail('role "users" takes no identifier.');
      if (dimension !== undefined && dimension !== 'verified' && dimension !== 'unverified') fail('dimension must be "verified" or "unverified".');
      return;
    case 'user':
      if (identifier === undefined || !idPart.test(identifier)) fail('a valid user id is required.');
      if (dimension !== undefined && dimension !== 'verified' && dimension !== 'unverified') fail('dimension must be "verified" or "unverified".');
      return;
    case 'team':
      if (identifier === undefined || !idPart.test(identifier)) fail('a valid team id is required.');
      if (dimension !== undefined && !dimensionPart.test(dimension)) fail('the team role is not valid.');
      return;
    case 'member':
      if (identifier === undefined || !idPart.test(identifier)) fail('a valid membership id is required.');
      if (dimension !== undefined) fail('role "member" takes no dimension.');
      return;
    case 'label':
      if (identifier === undefined || !labelPart.test(identifier)) fail('a label must be 1-36 alphanumeric characters.');
      if (dimension !== undefined) fail('role "label" takes no dimension.');
      return;
  }
}

const permissionPattern = /^([a-z]+)\("(.*)"\)$/s;

export function parsePermission(text: string): Permission {
  if (text === '*' || text.includes('("*")')) {
    throw new PermissionFormatError('Wildcard permission "*" has been replaced. Use "any" instead.');
  }
  const match = permissionPattern.exec(text);
  if (!match) throw new PermissionFormatError(`Invalid permission string format: "${text}".`);
  const action = match[1] as PermissionAction;
  if (!PERMISSION_ACTIONS.includes(action)) {
    throw new PermissionFormatError(`Permission "${action}" is not allowed. Must be one of: ${PERMISSION_ACTIONS.join(', ')}.`);
  }
  const role = match[2] ?? '';
  assertValidRole(role);
  return { action, role };
}

export function formatPermission(permission: Permission): string {
  return `${permission.action}("${permission.role}")`;
}

/**
 * Parses, validates against the actions a resource allows, expands `write` into the allowed
 * write actions, and de-duplicates, keeping the caller's order.
 */
export function normalizePermissions(texts: readonly string[], allowed: readonly ConcreteAction[]): Permission[] {
  if (texts.length > MAX_PERMISSIONS) {
    throw new PermissionFormatError(`Value must be an array of at most ${MAX_PERMISSIONS} permissions.`);
  }
  const seen = new Set<string>();
  const result: Permission[] = [];
  const push = (permission: Permission): void => {
    const key = formatPermission(permission);
    if (!seen.has(key)) {
      seen.add(key);
      result.push(permission);
    }
  };
  for (const text of texts) {
    const permission = parsePermission(text);
    if (permission.action === 'write') {
      for (const action of ['create', 'update', 'delete'] as const) {
        if (allowed.includes(action)) push({ action, role: permission.role });
      }
      continue;
    }
    if (!allowed.includes(permission.action)) {
      throw new PermissionFormatError(
        `Permission "${permission.action}" is not allowed. Must be one of: ${[...allowed, 'write'].join(', ')}.`,
      );
    }
    push(permission);
  }
  return result;
}
