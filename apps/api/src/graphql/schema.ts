import { GraphQLObjectType, GraphQLSchema, type GraphQLFieldConfig, type GraphQLFieldConfigArgumentMap } from 'graphql';
import type { z } from 'zod';
import type { RouteDefinition } from '../core/route.ts';
import { argumentType } from './input-types.ts';
import { NoneType, OutputTypes } from './output-types.ts';
import { operationName } from './wire-names.ts';

/** What a field's resolver gets as GraphQL context: runs the route through the REST pipeline. */
export interface FieldInvoker {
  invoke(route: RouteDefinition, args: Record<string, unknown>): Promise<unknown>;
}

/** Set on fields whose cost grows with the page they list (routes taking `queries`): Appwrite multiplies by the limit. */
export interface FieldCostExtension {
  listsPage?: boolean;
}

/** Why a route has no GraphQL field, or null when it has one. */
export function graphqlExclusion(route: RouteDefinition): string | null {
  // Appwrite leaves these out too: OAuth2 sessions are browser redirects to a provider.
  if (route.path.startsWith('/account/sessions/oauth2')) return 'OAuth2 session redirects (excluded by Appwrite too)';
  if (route.multipart) return 'multipart file uploads (GraphQL multipart requests are not served)';
  return null;
}

/** The params a field takes as arguments: all but those read from a request header (taken from the GraphQL request's headers). */
export function argumentParams(route: RouteDefinition): [string, RouteDefinition['params'][string]][] {
  return Object.entries(route.params).filter(([, definition]) => !definition.header);
}

function field(route: RouteDefinition, outputs: OutputTypes): GraphQLFieldConfig<unknown, FieldInvoker> {
  const args: GraphQLFieldConfigArgumentMap = {};
  for (const [name, definition] of argumentParams(route)) args[name] = { type: argumentType(definition), description: definition.description };
  const extensions: FieldCostExtension = { listsPage: 'queries' in route.params };
  return {
    type: 'model' in route.response ? outputs.model(route.response.model) : NoneType,
    description: route.summary,
    args,
    extensions: extensions as Record<string, unknown>,
    resolve: (_source, fieldArgs, invoker) => invoker.invoke(route, fieldArgs),
  };
}

/** The GraphQL schema of the registry: GET routes are Query fields, every other method a Mutation field. */
export function buildGraphqlSchema(routes: readonly RouteDefinition[], models: Readonly<Record<string, z.ZodType>>): GraphQLSchema {
  const outputs = new OutputTypes(models);
  const queries: Record<string, GraphQLFieldConfig<unknown, FieldInvoker>> = {};
  const mutations: Record<string, GraphQLFieldConfig<unknown, FieldInvoker>> = {};
  for (const route of routes) {
    if (graphqlExclusion(route)) continue;
    (route.method === 'GET' ? queries : mutations)[operationName(route.id)] = field(route, outputs);
  }
  const sorted = (fields: typeof queries) => Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: sorted(queries) }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: sorted(mutations) }),
  });
}
