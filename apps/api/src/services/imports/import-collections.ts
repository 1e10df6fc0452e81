import type { AttributeDefinition, CollectionDefinition } from '../../schema/project-schema.ts';

/** The pseudo-database of import jobs and their rows (out of reach of the Databases routes). */
export const IMPORTS_DATABASE = '_imports';

export { IMPORTS_BUCKET } from '@ballot-atlas/shared/imports/import-job';

const text = (key: string, size: number): AttributeDefinition => ({ key, type: 'string', size, required: false, array: false, format: '', default: '' });
const count = (key: string): AttributeDefinition => ({ key, type: 'integer', required: false, array: false, default: 0 });

/**
 * One row per import: the file, who asked, where it is (`status`) and the counts so far. The
 * row's `$updatedAt` is the heartbeat of the process running it (import-runner.ts).
 */
export const importJobsCollection: CollectionDefinition = {
  $id: 'jobs',
  $permissions: [],
  databaseId: IMPORTS_DATABASE,
  name: 'Import jobs',
  enabled: true,
  documentSecurity: false,
  attributes: [
    text('fileId', 36),
    text('fileName', 2048),
    // csv, popolo or geojson
    text('format', 16),
    text('collectionId', 36),
    // checking, checked, importing, completed or failed
    text('status', 16),
    count('rows'),
    count('rowsDone'),
    count('create'),
    count('update'),
    count('unchanged'),
    count('refused'),
    text('error', 4000),
    text('userId', 36),
    text('userName', 128),
    // When the current step (the dry run, then the write) started, and when the last one ended.
    { key: 'startedAt', type: 'datetime', required: false, array: false, default: null },
    { key: 'finishedAt', type: 'datetime', required: false, array: false, default: null },
  ],
  indexes: [{ key: 'status', type: 'key', attributes: ['status', '$sequence'], orders: [] }],
};

/** One row per row of an imported file, in file order: what the import does (or would do) with it. */
export const importRowsCollection: CollectionDefinition = {
  $id: 'rows',
  $permissions: [],
  databaseId: IMPORTS_DATABASE,
  name: 'Import rows',
  enabled: true,
  documentSecurity: false,
  attributes: [
    text('importId', 36),
    // CSV: the physical line the record starts on; Popolo: null (the pointer says where).
    { key: 'line', type: 'integer', required: false, array: false, default: null },
    text('pointer', 256),
    text('collectionId', 36),
    text('recordId', 36),
    // create, update, unchanged or refused
    text('action', 16),
    text('reason', 8000),
    { key: 'changed', type: 'string', size: 64, required: false, array: true, format: '', default: null },
  ],
  indexes: [
    { key: 'import', type: 'key', attributes: ['importId', '$sequence'], orders: [] },
    { key: 'import_action', type: 'key', attributes: ['importId', 'action', '$sequence'], orders: [] },
  ],
};

/** Attributes a client may filter and sort each list by. */
export const QUERYABLE_JOB_ATTRIBUTES = new Set(['$id', '$createdAt', '$updatedAt', '$sequence', 'status', 'fileId', 'format', 'collectionId', 'userId']);
export const QUERYABLE_ROW_ATTRIBUTES = new Set(['$id', '$sequence', 'line', 'action', 'collectionId', 'recordId']);
