import { defineRoute } from '../../core/route.ts';
import { databaseModel, schemaTime } from './schema-renderers.ts';
import { declaredDatabase } from './schema-lookup.ts';
import { databaseId, listParams, queryable } from './list-params.ts';
import { listEntries } from './schema-list.ts';
import type { Services } from '../../core/services.ts';
import type { RequestContext } from '../../core/context.ts';

function listDatabases(services: Services, ctx: RequestContext, request: { queries?: string[] | undefined; search?: string | undefined; total?: boolean | undefined }, type: 'legacy' | 'tablesdb') {
  const time = schemaTime(ctx.config.schemaFile);
  const all = services.schema.databases.map((database) => databaseModel(database, time, type));
  const { total, items } = listEntries(all, { queries: request.queries ?? [], search: request.search, countTotal: request.total }, { queryable: queryable('name'), idOf: (entry) => entry.$id, searched: ['$id', 'name'] });
  return { total, databases: items };
}

export const listDatabasesRoute = defineRoute({
  id: 'databases.list',
  method: 'GET',
  path: '/databases',
  summary: 'The databases declared in appwrite.json.',
  scope: 'databases.read',
  params: listParams,
  response: { status: 200, model: 'DatabaseList' },
  handler: async ({ params, ctx, services }) => listDatabases(services, ctx, params, 'legacy'),
});

export const getDatabaseRoute = defineRoute({
  id: 'databases.get',
  method: 'GET',
  path: '/databases/{databaseId}',
  summary: 'One declared database.',
  scope: 'databases.read',
  params: databaseId,
  response: { status: 200, model: 'Database' },
  handler: async ({ params, ctx, services }) => databaseModel(declaredDatabase(services.schema, params.databaseId), schemaTime(ctx.config.schemaFile), 'legacy'),
});

export const listTablesDatabasesRoute = defineRoute({
  id: 'tablesDB.list',
  method: 'GET',
  path: '/tablesdb',
  summary: 'The databases declared in appwrite.json, through the TablesDB API.',
  scope: 'databases.read',
  params: listParams,
  response: { status: 200, model: 'DatabaseList' },
  handler: async ({ params, ctx, services }) => listDatabases(services, ctx, params, 'tablesdb'),
});

export const getTablesDatabaseRoute = defineRoute({
  id: 'tablesDB.get',
  method: 'GET',
  path: '/tablesdb/{databaseId}',
  summary: 'One declared database, through the TablesDB API.',
  scope: 'databases.read',
  params: databaseId,
  response: { status: 200, model: 'Database' },
  handler: async ({ params, ctx, services }) => databaseModel(declaredDatabase(services.schema, params.databaseId), schemaTime(ctx.config.schemaFile), 'tablesdb'),
});

export const databaseReadRoutes = [listDatabasesRoute, getDatabaseRoute, listTablesDatabasesRoute, getTablesDatabaseRoute];
