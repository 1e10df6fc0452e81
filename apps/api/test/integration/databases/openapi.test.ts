// /v1/openapi.json describes every route of the registry as OpenAPI 3.1.
import { expect } from 'vitest';
import { routes } from '../../../src/core/registry.ts';
import { pathParamNames } from '../../../src/core/route.ts';
import { runScenarios } from '../../support/scenario.ts';

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

function operationsOf(document: { paths: Record<string, Record<string, Operation>> }): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).filter(([method]) => methods.includes(method)).map(([method, operation]) => ({ path, method, operation })),
  );
}

/** Every `$ref` in the document, wherever it is nested. */
function references(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(references);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, nested]) => (key === '$ref' && typeof nested === 'string' ? [nested] : references(nested)));
}

runScenarios('OpenAPI document', [
  {
    name: 'is OpenAPI 3.1 with info, servers and paths, served without a project',
    method: 'GET',
    path: '/v1/openapi.json',
    headers: { 'X-Appwrite-Project': null },
    expectedStatus: 200,
    expectedHeaders: { 'content-type': /^application\/json/ },
    check(json) {
      expect(json.openapi).toMatch(/^3\.1\.\d+$/);
      expect(json.info).toEqual({ title: expect.any(String), version: expect.any(String) });
      expect(json.servers[0].url).toMatch(/\/v1$/);
      for (const path of Object.keys(json.paths)) expect(path).toMatch(/^\//);
    },
  },
  {
    name: 'names every registry route (and alias) by its id, under its method and path',
    method: 'GET',
    path: '/v1/openapi.json',
    expectedStatus: 200,
    check(json) {
      for (const route of routes) {
        for (const path of [route.path, ...(route.aliases ?? [])]) {
          expect(json.paths[path]?.[route.method.toLowerCase()]?.operationId, `${route.method} ${path}`).toBe(route.id);
        }
      }
      const ids = operationsOf(json).map(({ operation }) => operation.operationId);
      expect(new Set(ids)).toEqual(new Set(routes.map((route) => route.id)));
    },
  },
  {
    name: 'declares each path parameter, required, and no path parameter the path lacks',
    method: 'GET',
    path: '/v1/openapi.json',
    expectedStatus: 200,
    check(json) {
      for (const { path, method, operation } of operationsOf(json)) {
        const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        expect(declared.map((parameter) => parameter.name).sort(), `${method} ${path}`).toEqual(pathParamNames(path).sort());
        for (const parameter of declared) expect(parameter.required, `${method} ${path} {${parameter.name}}`).toBe(true);
      }
    },
  },
  {
    name: 'gives every operation a success response and an Error response, and resolves every $ref',
    method: 'GET',
    path: '/v1/openapi.json',
    expectedStatus: 200,
    check(json) {
      for (const { path, method, operation } of operationsOf(json)) {
        expect(Object.keys(operation.responses).some((status) => /^[23]\d\d$/.test(status)), `${method} ${path}`).toBe(true);
        expect(operation.responses['default']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
        for (const parameter of operation.parameters ?? []) expect(['path', 'query', 'header', 'cookie']).toContain(parameter.in);
      }
      for (const reference of references(json)) {
        const target = reference.replace(/^#\//, '').split('/').reduce<any>((node, part) => node?.[part], json);
        expect(target, reference).toBeTypeOf('object');
      }
    },
  },
]);
