import { accountRoutes } from '../services/account/index.ts';
import { avatarsRoutes } from '../services/avatars/index.ts';
import { storageRoutes } from '../services/storage/index.ts';
import { databasesRoutes } from '../services/databases/index.ts';
import { tablesDbRoutes } from '../services/tablesdb/index.ts';
import { healthRoutes } from '../services/health/index.ts';
import { teamsRoutes } from '../services/teams/index.ts';
import { historyRoutes } from '../services/history/index.ts';
import { functionsRoutes } from '../services/functions/index.ts';
import { messagingRoutes } from '../services/messaging/index.ts';
import { usersRoutes } from '../services/users/index.ts';
import { importsRoutes } from '../services/imports/index.ts';
import { tokensRoutes } from '../services/tokens/index.ts';
import { transactionsRoutes } from '../services/transactions/index.ts';
import { localeRoutes } from '../services/locale/index.ts';
import { schemaRoutes } from '../services/schema-reads/index.ts';
import { pathParamNames, type RouteDefinition } from './route.ts';

/** Every endpoint of the API, in one list; REST, validation and OpenAPI are derived from it. */
export const routes: readonly RouteDefinition[] = [...healthRoutes, ...accountRoutes, ...databasesRoutes, ...tablesDbRoutes, ...storageRoutes, ...avatarsRoutes, ...teamsRoutes, ...historyRoutes, ...importsRoutes, ...functionsRoutes, ...messagingRoutes, ...usersRoutes, ...tokensRoutes, ...transactionsRoutes, ...localeRoutes, ...schemaRoutes] as unknown as RouteDefinition[];

function assertConsistent(list: readonly RouteDefinition[]): void {
  const ids = new Set<string>();
  const endpoints = new Set<string>();
  for (const route of list) {
    if (ids.has(route.id)) throw new Error(`Route id ${route.id} is declared twice`);
    ids.add(route.id);
    for (const path of [route.path, ...(route.aliases ?? [])]) {
      const endpoint = `${route.method} ${path}`;
      if (endpoints.has(endpoint)) throw new Error(`Endpoint ${endpoint} is declared twice`);
      endpoints.add(endpoint);
      for (const name of pathParamNames(path)) {
        if (!route.params[name]?.required) throw new Error(`${route.id}: path param ${name} must be declared and required`);
      }
    }
  }
}

assertConsistent(routes);
