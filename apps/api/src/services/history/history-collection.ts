import { GUEST } from '../../core/context.ts';
import type { CollectionDefinition } from '../../schema/project-schema.ts';
import { CollectionPermissions } from '../databases/collection-permissions.ts';

/** The pseudo-database whose one "collection" holds the change history (out of reach of the Databases routes). */
export const HISTORY_DATABASE = '_history';

/** The directory's database: its public collections are the ones whose changes are kept. */
export const DIRECTORY_DATABASE = 'main';

const text = (key: string, size: number, required = false) =>
  ({ key, type: 'string', size, required, array: false, format: '', default: required ? null : '' }) as const;

/**
 * One row per change to a directory record, written only by the server in the transaction of the
 * write it describes. `changes` holds the changed fields with their values before and after;
 * `before` and `after` the whole record (attributes and `$permissions`) as JSON, '' where there
 * was none (before a create, after a delete). The row's `$createdAt` is the change's time.
 */
export const changesCollection: CollectionDefinition = {
  $id: 'changes',
  $permissions: [],
  databaseId: HISTORY_DATABASE,
  name: 'Changes',
  enabled: true,
  documentSecurity: false,
  attributes: [
    text('databaseId', 36, true),
    text('collectionId', 36, true),
    text('documentId', 36, true),
    // create, update, delete or revert
    text('action', 16, true),
    // '' for API keys and guests
    text('userId', 36),
    // The user's name when the change was made; "operator" for API keys.
    text('userName', 128),
    // The API_KEYS entry that made the change; '' for API_KEY and for users.
    text('keyName', 36),
    text('source', 8000),
    // The change a revert undid.
    text('revertOf', 36),
    text('changes', 1_073_741_824),
    text('before', 1_073_741_824),
    text('after', 1_073_741_824),
  ],
  indexes: [
    // A record's history, newest first; also the public page's "last updated".
    { key: 'document', type: 'key', attributes: ['collectionId', 'documentId', '$sequence'], orders: [] },
    { key: 'collection', type: 'key', attributes: ['collectionId', '$sequence'], orders: [] },
    { key: 'user', type: 'key', attributes: ['userId', '$sequence'], orders: [] },
  ],
};

/** Attributes a client may filter and sort the history by. */
export const QUERYABLE_CHANGE_ATTRIBUTES = new Set(['$id', '$createdAt', '$sequence', 'databaseId', 'collectionId', 'documentId', 'action', 'userId', 'keyName', 'revertOf', 'source']);

/**
 * Whether the history keeps a collection's changes: the directory's public collections (those
 * anyone may read). Private ones, such as the contact messages people send the editors, stay
 * out: their history would copy what people wrote, and keep it after it is deleted.
 */
export function keepsHistory(collection: CollectionDefinition): boolean {
  return collection.databaseId === DIRECTORY_DATABASE && new CollectionPermissions(collection).allows('read', GUEST);
}
