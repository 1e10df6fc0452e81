import { z } from 'zod';
import { models } from '../core/models.ts';
import { pathParamNames, type RouteDefinition } from '../core/route.ts';
import { SERVER_VERSION } from '../core/errors.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function operation(route: RouteDefinition, path: string): JsonSchema {
  const inPath = new Set(pathParamNames(path));
  const entries = Object.entries(route.params);
  const parameters = entries
    .filter(([name, definition]) => inPath.has(name) || route.method === 'GET' || definition.header)
    .map(([name, definition]) => ({
      name: definition.header ?? (route.method === 'GET' && !inPath.has(name) && definition.schema instanceof z.ZodArray ? `${name}[]` : name),
      in: definition.header ? 'header' : inPath.has(name) ? 'path' : 'query',
      required: definition.required,
      description: definition.description,
      schema: jsonSchema(definition.schema),
    }));
  const bodyParams = route.method === 'GET' ? [] : entries.filter(([name, definition]) => !inPath.has(name) && !definition.header);
  const success =
    route.response.status === 204
      ? { description: 'No content' }
      : 'contentType' in route.response
        ? { description: 'OK', content: { [route.response.contentType]: { schema: { type: 'string' } } } }
        : 'redirect' in route.response
          ? { description: 'Redirect to the returned URL.' }
        : 'binary' in route.response
          ? { description: 'The bytes.', content: { [route.response.binary]: { schema: { type: 'string', format: 'binary' } } } }
        : { description: route.response.model, content: { 'application/json': { schema: { $ref: `#/components/schemas/${route.response.model}` } } } };
  return {
    operationId: route.id,
    summary: route.summary,
    tags: [route.id.split('.')[0]],
    ...(route.scope ? { 'x-appwrite-scope': route.scope } : {}),
    ...(route.abuse ? { 'x-appwrite-abuse-limit': route.abuse } : {}),
    security: route.project === false ? [] : [{ Project: [] }],
    parameters,
    ...(bodyParams.length
      ? {
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: Object.fromEntries(bodyParams.map(([name, definition]) => [name, { ...jsonSchema(definition.schema), description: definition.description }])),
                  required: bodyParams.filter(([, definition]) => definition.required).map(([name]) => name),
                },
              },
            },
          },
        }
      : {}),
    responses: {
      [String(route.response.status)]: success,
      default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
}

/** The OpenAPI 3.1 description of every registered route, derived from the registry. */
export function generateOpenApi(routes: readonly RouteDefinition[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    for (const path of [route.path, ...(route.aliases ?? [])]) {
      const entry = (paths[path] ??= {});
      entry[route.method.toLowerCase()] = operation(route, path);
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Ballot Atlas API (Appwrite-compatible)', version: SERVER_VERSION },
    servers: [{ url: `${serverUrl}/v1` }],
    components: {
      securitySchemes: {
        Project: { type: 'apiKey', in: 'header', name: 'X-Appwrite-Project' },
        Key: { type: 'apiKey', in: 'header', name: 'X-Appwrite-Key' },
      },
      schemas: Object.fromEntries(Object.entries(models).map(([name, schema]) => [name, jsonSchema(schema)])),
    },
    paths,
  };
}
