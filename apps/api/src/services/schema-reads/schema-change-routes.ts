import { AppwriteError } from '../../core/errors.ts';
import { param, type ParamShape } from '../../core/params.ts';
import { defineRoute, pathParamNames, type HttpMethod, type RouteDefinition } from '../../core/route.ts';
import type { Scope } from '../../core/scopes.ts';

/**
 * Appwrite's schema-changing endpoints (databases, collections, attributes, indexes, buckets and
 * their TablesDB twins). The schema here is code: appwrite.json, applied at start. So each of
 * these answers one error saying so, and they are declared only so that the API description and
 * GraphQL list them as Appwrite does.
 */
export const SCHEMA_IS_CODE_MESSAGE = 'The schema is declared in appwrite.json and applied when the server starts; this server does not change it through the API. Edit appwrite.json and restart.';

const FIELD_TYPES = ['bigint', 'boolean', 'datetime', 'email', 'enum', 'float', 'integer', 'ip', 'line', 'longtext', 'mediumtext', 'point', 'polygon', 'relationship', 'string', 'text', 'url', 'varchar'];
/** SDK method spelling of each type (createIpAttribute, createBigIntAttribute…). */
const SDK_NAMES: Record<string, string> = { bigint: 'BigInt', ip: 'Ip', url: 'Url' };

function sdkName(type: string): string {
  return SDK_NAMES[type] ?? `${type[0]!.toUpperCase()}${type.slice(1)}`;
}

interface Refused {
  id: string;
  method: HttpMethod;
  path: string;
  scope: Scope;
}

const databases = '/databases/{databaseId}';
const collection = `${databases}/collections/{collectionId}`;
const tablesdb = '/tablesdb/{databaseId}';
const table = `${tablesdb}/tables/{tableId}`;

const refused: Refused[] = [
  { id: 'databases.create', method: 'POST', path: '/databases', scope: 'databases.write' },
  { id: 'databases.update', method: 'PUT', path: databases, scope: 'databases.write' },
  { id: 'databases.delete', method: 'DELETE', path: databases, scope: 'databases.write' },
  { id: 'databases.createCollection', method: 'POST', path: `${databases}/collections`, scope: 'collections.write' },
  { id: 'databases.updateCollection', method: 'PUT', path: collection, scope: 'collections.write' },
  { id: 'databases.deleteCollection', method: 'DELETE', path: collection, scope: 'collections.write' },
  ...FIELD_TYPES.map((type): Refused => ({ id: `databases.create${sdkName(type)}Attribute`, method: 'POST', path: `${collection}/attributes/${type}`, scope: 'collections.write' })),
  ...FIELD_TYPES.map((type): Refused => ({ id: `databases.update${sdkName(type)}Attribute`, method: 'PATCH', path: `${collection}/attributes/${type}/{key}`, scope: 'collections.write' })),
  { id: 'databases.deleteAttribute', method: 'DELETE', path: `${collection}/attributes/{key}`, scope: 'collections.write' },
  { id: 'databases.createIndex', method: 'POST', path: `${collection}/indexes`, scope: 'collections.write' },
  { id: 'databases.deleteIndex', method: 'DELETE', path: `${collection}/indexes/{key}`, scope: 'collections.write' },
  { id: 'tablesDB.create', method: 'POST', path: '/tablesdb', scope: 'databases.write' },
  { id: 'tablesDB.update', method: 'PUT', path: tablesdb, scope: 'databases.write' },
  { id: 'tablesDB.delete', method: 'DELETE', path: tablesdb, scope: 'databases.write' },
  { id: 'tablesDB.createTable', method: 'POST', path: `${tablesdb}/tables`, scope: 'tables.write' },
  { id: 'tablesDB.updateTable', method: 'PUT', path: table, scope: 'tables.write' },
  { id: 'tablesDB.deleteTable', method: 'DELETE', path: table, scope: 'tables.write' },
  ...FIELD_TYPES.map((type): Refused => ({ id: `tablesDB.create${sdkName(type)}Column`, method: 'POST', path: `${table}/columns/${type}`, scope: 'tables.write' })),
  ...FIELD_TYPES.filter((type) => type !== 'relationship').map((type): Refused => ({ id: `tablesDB.update${sdkName(type)}Column`, method: 'PATCH', path: `${table}/columns/${type}/{key}`, scope: 'tables.write' })),
  { id: 'tablesDB.updateRelationshipColumn', method: 'PATCH', path: `${table}/columns/{key}/relationship`, scope: 'tables.write' },
  { id: 'tablesDB.deleteColumn', method: 'DELETE', path: `${table}/columns/{key}`, scope: 'tables.write' },
  { id: 'tablesDB.createIndex', method: 'POST', path: `${table}/indexes`, scope: 'tables.write' },
  { id: 'tablesDB.deleteIndex', method: 'DELETE', path: `${table}/indexes/{key}`, scope: 'tables.write' },
  { id: 'storage.createBucket', method: 'POST', path: '/storage/buckets', scope: 'buckets.write' },
  { id: 'storage.updateBucket', method: 'PUT', path: '/storage/buckets/{bucketId}', scope: 'buckets.write' },
  { id: 'storage.deleteBucket', method: 'DELETE', path: '/storage/buckets/{bucketId}', scope: 'buckets.write' },
];

function pathParams(path: string): ParamShape {
  return Object.fromEntries(pathParamNames(path).map((name) => [name, name === 'key' ? param.string({ required: true, max: 255, description: 'Key.' }) : param.uid({ required: true, description: `${name}.` })]));
}

/** Each refused endpoint: declared with its path parameters, answering 405 general_not_implemented. */
export const schemaChangeRoutes: readonly RouteDefinition[] = refused.map(
  (endpoint) =>
    defineRoute({
      ...endpoint,
      summary: 'Not available: the schema is declared in appwrite.json and applied at start.',
      params: pathParams(endpoint.path),
      response: { status: 204 },
      handler: async () => {
        throw new AppwriteError('general_not_implemented', SCHEMA_IS_CODE_MESSAGE);
      },
    }) as unknown as RouteDefinition,
);
