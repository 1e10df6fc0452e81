import type { CollectionDefinition } from '../../schema/project-schema.ts';

/** The pseudo-database whose "collections" hold teams and memberships. */
export const TEAMS_DATABASE = '_teams';

const text = (key: string, size: number, required = false) =>
  ({ key, type: 'string', size, required, array: false, format: '', default: required ? null : '' }) as const;

/**
 * Teams and memberships are kept like documents (a table each, permission rows, a full-text index
 * on `search`), so listing, queries, cursors, search and "members only" reads reuse the document
 * store. Only members read a team (`read("team:ID")`), as in Appwrite.
 */
export const teamsCollection: CollectionDefinition = {
  $id: 'teams',
  $permissions: [],
  databaseId: TEAMS_DATABASE,
  name: 'Teams',
  enabled: true,
  documentSecurity: true,
  attributes: [
    text('name', 128, true),
    { key: 'total', type: 'integer', required: false, array: false, default: 0 },
    text('prefs', 65_535),
    text('search', 16_384),
  ],
  indexes: [
    { key: 'search', type: 'fulltext', attributes: ['search'], orders: [] },
    { key: 'name', type: 'key', attributes: ['name'], orders: [] },
  ],
};

export const membershipsCollection: CollectionDefinition = {
  $id: 'memberships',
  $permissions: [],
  databaseId: TEAMS_DATABASE,
  name: 'Memberships',
  enabled: true,
  documentSecurity: true,
  attributes: [
    text('teamId', 36, true),
    text('userId', 36, true),
    { key: 'roles', type: 'string', size: 32, required: false, array: true, format: '', default: null },
    { key: 'invited', type: 'datetime', required: false, array: false, default: null },
    // '' until the invitation is accepted.
    text('joined', 64),
    { key: 'confirm', type: 'boolean', required: false, array: false, default: false },
    // sha-256 of the invitation secret; '' once it cannot be used any more.
    text('secret', 64),
    text('search', 16_384),
  ],
  indexes: [
    { key: 'search', type: 'fulltext', attributes: ['search'], orders: [] },
    { key: 'team_user', type: 'unique', attributes: ['teamId', 'userId'], orders: [] },
    { key: 'user_confirm', type: 'key', attributes: ['userId', 'confirm'], orders: [] },
  ],
};

export const teamCollections: readonly CollectionDefinition[] = [teamsCollection, membershipsCollection];

/** Attributes a client may filter and sort by (Appwrite's Teams and Memberships query validators). */
export const QUERYABLE_TEAM_ATTRIBUTES = new Set(['$id', '$createdAt', '$updatedAt', 'name', 'total']);
export const QUERYABLE_MEMBERSHIP_ATTRIBUTES = new Set(['$id', '$createdAt', '$updatedAt', 'userId', 'teamId', 'invited', 'joined', 'confirm', 'roles']);
