import type { Identity } from '../../core/context.ts';

/** The team whose members (any role) read the history, revert changes and import files. */
export const EDITORS_TEAM = 'editors';

/** Editors and API keys: the history names who changed what, and imports write the directory, so nobody else sees them. */
export function isEditorOrKey(identity: Identity): boolean {
  return identity.admin || identity.roles.includes(`team:${EDITORS_TEAM}`);
}
