import type { CollectionDefinition } from '../../schema/project-schema.ts';

/** The pseudo-database whose one "collection" holds resource tokens (out of reach of the Databases routes). */
export const TOKENS_DATABASE = '_tokens';

/** Appwrite's only resource type so far (TOKENS_RESOURCE_TYPE_FILES). */
export const FILE_RESOURCE_TYPE = 'files';

const text = (key: string, size: number, required = false) =>
  ({ key, type: 'string', size, required, array: false, format: '', default: required ? null : '' }) as const;

/**
 * Appwrite's `resourceTokens`: a token names its resource by ids (`bucketId:fileId`) and by the
 * stored rows (`bucketId:fileSequence`), so a file deleted and uploaded again under the same id
 * is not opened by the old token. `expire` and `accessedAt` are '' when not set. The secret is
 * never stored: it is a JWT made from the row each time the token is shown.
 */
export const resourceTokensCollection: CollectionDefinition = {
  $id: 'resourceTokens',
  $permissions: [],
  databaseId: TOKENS_DATABASE,
  name: 'Resource tokens',
  enabled: true,
  documentSecurity: false,
  attributes: [
    text('resourceId', 255, true),
    text('resourceInternalId', 255, true),
    text('resourceType', 32, true),
    text('expire', 64),
    text('accessedAt', 64),
  ],
  indexes: [
    { key: 'resource', type: 'key', attributes: ['resourceType', 'resourceInternalId', '$sequence'], orders: [] },
  ],
};

/** Attributes clients may filter and sort a file's tokens by (Appwrite's Queries\FileTokens). */
export const QUERYABLE_TOKEN_ATTRIBUTES = new Set(['$id', '$createdAt', '$updatedAt', 'expire']);
