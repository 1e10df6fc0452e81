import type { CollectionDefinition } from '../../schema/project-schema.ts';

/** The pseudo-database whose one "collection" holds function executions (out of reach of the Databases routes). */
export const FUNCTIONS_DATABASE = '_functions';

const text = (key: string, size: number, required = false) =>
  ({ key, type: 'string', size, required, array: false, format: '', default: required ? null : '' }) as const;

/** Appwrite's cap on an execution's logs and on its errors (APP_FUNCTION_LOG_LENGTH_LIMIT). */
export const LOG_LENGTH_LIMIT = 1_000_000;

/**
 * Executions are kept like documents (a table, permission rows, a full-text index on `search`),
 * so queries, cursors, totals and "only the caller reads it" reuse the document store. Headers
 * are JSON lists of `{name, value}`; `scheduledAt` is '' unless the execution was scheduled.
 */
export const executionsCollection: CollectionDefinition = {
  $id: 'executions',
  $permissions: [],
  databaseId: FUNCTIONS_DATABASE,
  name: 'Executions',
  enabled: true,
  documentSecurity: true,
  attributes: [
    text('functionId', 36, true),
    text('deploymentId', 36),
    text('trigger', 16, true),
    text('status', 16, true),
    text('requestMethod', 16),
    text('requestPath', 2048),
    text('requestHeaders', 65_535),
    { key: 'responseStatusCode', type: 'integer', required: false, array: false, default: 0 },
    text('responseHeaders', 65_535),
    text('logs', LOG_LENGTH_LIMIT),
    text('errors', LOG_LENGTH_LIMIT),
    { key: 'duration', type: 'double', required: false, array: false, default: 0 },
    text('scheduledAt', 64),
    text('search', 256),
  ],
  indexes: [
    { key: 'search', type: 'fulltext', attributes: ['search'], orders: [] },
    { key: 'function', type: 'key', attributes: ['functionId', '$sequence'], orders: [] },
  ],
};

/** Attributes clients may filter and sort executions by (Appwrite's Queries\Executions). */
export const QUERYABLE_EXECUTION_ATTRIBUTES = new Set(['$id', '$createdAt', '$updatedAt', 'trigger', 'status', 'responseStatusCode', 'duration', 'requestMethod', 'requestPath', 'deploymentId']);
