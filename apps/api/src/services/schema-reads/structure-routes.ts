import { AppwriteError } from '../../core/errors.ts';
import { param, type ParamShape } from '../../core/params.ts';
import { defineRoute, type RouteDefinition } from '../../core/route.ts';
import type { Scope } from '../../core/scopes.ts';
import type { CollectionDefinition, ProjectSchema } from '../../schema/project-schema.ts';
import { keyParam, listParams, queryable } from './list-params.ts';
import { collectionsOf, declaredCollection } from './schema-lookup.ts';
import { attributeModel, collectionModel, columnIndexModel, indexModel, schemaTime, tableModel } from './schema-renderers.ts';
import { listEntries, type SchemaListRequest } from './schema-list.ts';

/**
 * The read routes of collections, attributes and indexes, and their TablesDB twins (tables,
 * columns, indexes): one table of names drives both, since they read the same declarations.
 */
interface Flavour {
  service: 'databases' | 'tablesDB';
  api: 'collections' | 'tables';
  basePath: string;
  idParam: 'collectionId' | 'tableId';
  scope: Scope;
  names: { container: string; containers: string; field: string; fields: string };
  models: { container: string; containerList: string; field: string; fieldList: string; index: string; indexList: string };
  render(collection: CollectionDefinition, time: string): Record<string, unknown>;
  renderIndex(index: CollectionDefinition['indexes'][number], time: string): Record<string, unknown>;
  fieldNotFound: 'attribute_not_found' | 'column_not_found';
  containerQueryable: ReadonlySet<string>;
}

const flavours: readonly Flavour[] = [
  {
    service: 'databases', api: 'collections', basePath: '/databases/{databaseId}/collections', idParam: 'collectionId', scope: 'collections.read',
    names: { container: 'Collection', containers: 'collections', field: 'Attribute', fields: 'attributes' },
    models: { container: 'Collection', containerList: 'CollectionList', field: 'Attribute', fieldList: 'AttributeList', index: 'Index', indexList: 'IndexList' },
    render: collectionModel, renderIndex: indexModel, fieldNotFound: 'attribute_not_found', containerQueryable: queryable('name', 'enabled', 'documentSecurity'),
  },
  {
    service: 'tablesDB', api: 'tables', basePath: '/tablesdb/{databaseId}/tables', idParam: 'tableId', scope: 'tables.read',
    names: { container: 'Table', containers: 'tables', field: 'Column', fields: 'columns' },
    models: { container: 'Table', containerList: 'TableList', field: 'Column', fieldList: 'ColumnList', index: 'ColumnIndex', indexList: 'ColumnIndexList' },
    render: tableModel, renderIndex: columnIndexModel, fieldNotFound: 'column_not_found', containerQueryable: queryable('name', 'enabled', 'rowSecurity'),
  },
];

const fieldQueryable = queryable('key', 'type', 'size', 'required', 'array', 'status', 'error');
const indexQueryable = queryable('key', 'type', 'status', 'attributes', 'columns', 'error');

type Values = Record<string, unknown>;

function listRequest(params: Values): SchemaListRequest {
  return { queries: (params['queries'] as string[] | undefined) ?? [], search: params['search'] as string | undefined, countTotal: params['total'] as boolean | undefined };
}

function routesOf(flavour: Flavour): RouteDefinition[] {
  const { service, api, basePath, idParam, scope, names, models } = flavour;
  const databaseParam = { databaseId: param.uid({ required: true, description: 'Database ID.' }) };
  const address: ParamShape = { ...databaseParam, [idParam]: param.uid({ required: true, description: `${names.container} ID.` }) };
  const containerPath = `${basePath}/{${idParam}}`;
  const containerOf = (schema: ProjectSchema, params: unknown) => {
    const values = params as Values;
    return declaredCollection(schema, values['databaseId'] as string, values[idParam] as string, api);
  };
  const definitions: RouteDefinition[] = [
    defineRoute({
      id: `${service}.list${names.container}s`, method: 'GET', path: basePath, summary: `The ${names.containers} declared in appwrite.json.`, scope,
      params: { ...databaseParam, ...listParams }, response: { status: 200, model: models.containerList },
      handler: async ({ params, ctx, services }) => {
        const time = schemaTime(ctx.config.schemaFile);
        const all = collectionsOf(services.schema, params.databaseId).map((collection) => flavour.render(collection, time));
        const { total, items } = listEntries(all, listRequest(params), { queryable: flavour.containerQueryable, idOf: (entry) => entry['$id'] as string, searched: ['$id', 'name'] });
        return { total, [names.containers]: items };
      },
    }) as unknown as RouteDefinition,
    defineRoute({
      id: `${service}.get${names.container}`, method: 'GET', path: containerPath, summary: `One declared ${names.container.toLowerCase()}, with its ${names.fields} and indexes.`, scope,
      params: address, response: { status: 200, model: models.container },
      handler: async ({ params, ctx, services }) => flavour.render(containerOf(services.schema, params), schemaTime(ctx.config.schemaFile)),
    }) as unknown as RouteDefinition,
    defineRoute({
      id: `${service}.list${names.field}s`, method: 'GET', path: `${containerPath}/${names.fields}`, summary: `The ${names.fields} of a declared ${names.container.toLowerCase()}.`, scope,
      params: { ...address, ...listParams }, response: { status: 200, model: models.fieldList },
      handler: async ({ params, ctx, services }) => {
        const time = schemaTime(ctx.config.schemaFile);
        const collection = containerOf(services.schema, params);
        const all = collection.attributes.map((attribute) => attributeModel(attribute, time) as Values);
        const { total, items } = listEntries(all, listRequest(params), { queryable: fieldQueryable, idOf: (entry) => entry['key'] as string, searched: ['key'] });
        return { total, [names.fields]: items };
      },
    }) as unknown as RouteDefinition,
    defineRoute({
      id: `${service}.get${names.field}`, method: 'GET', path: `${containerPath}/${names.fields}/{key}`, summary: `One ${names.field.toLowerCase()} of a declared ${names.container.toLowerCase()}.`, scope,
      params: { ...address, ...keyParam }, response: { status: 200, model: models.field },
      handler: async ({ params, ctx, services }) => {
        const collection = containerOf(services.schema, params);
        const attribute = collection.attributes.find((candidate) => candidate.key === (params as Values)['key']);
        if (!attribute) throw new AppwriteError(flavour.fieldNotFound);
        return attributeModel(attribute, schemaTime(ctx.config.schemaFile));
      },
    }) as unknown as RouteDefinition,
    defineRoute({
      id: `${service}.listIndexes`, method: 'GET', path: `${containerPath}/indexes`, summary: `The indexes of a declared ${names.container.toLowerCase()}.`, scope,
      params: { ...address, ...listParams }, response: { status: 200, model: models.indexList },
      handler: async ({ params, ctx, services }) => {
        const time = schemaTime(ctx.config.schemaFile);
        const collection = containerOf(services.schema, params);
        const all = collection.indexes.map((index) => flavour.renderIndex(index, time));
        const { total, items } = listEntries(all, listRequest(params), { queryable: indexQueryable, idOf: (entry) => entry['key'] as string, searched: ['key'] });
        return { total, indexes: items };
      },
    }) as unknown as RouteDefinition,
    defineRoute({
      id: `${service}.getIndex`, method: 'GET', path: `${containerPath}/indexes/{key}`, summary: `One index of a declared ${names.container.toLowerCase()}.`, scope,
      params: { ...address, ...keyParam }, response: { status: 200, model: models.index },
      handler: async ({ params, ctx, services }) => {
        const collection = containerOf(services.schema, params);
        const index = collection.indexes.find((candidate) => candidate.key === (params as Values)['key']);
        if (!index) throw new AppwriteError('index_not_found');
        return flavour.renderIndex(index, schemaTime(ctx.config.schemaFile));
      },
    }) as unknown as RouteDefinition,
  ];
  return definitions;
}

export const structureReadRoutes: readonly RouteDefinition[] = flavours.flatMap(routesOf);
