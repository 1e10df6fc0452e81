/**
 * PocketBase-style API scenarios: a table of requests and what must come back, run by one runner
 * against every engine (SQLite always; PostgreSQL when it answers). Tests speak raw HTTP so they
 * can send what an SDK never would.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POSTGRES_URL,
  postgresAvailable,
  startTestServer,
  TEST_API_KEY,
  TEST_PROJECT,
  type Engine,
  type TestServer,
  type TestServerOptions,
} from './test-server.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface ScenarioContext {
  engine: Engine;
  server: TestServer;
}

export interface Scenario {
  name: string;
  method: Method;
  /** From the server root, query string included: `/v1/...`. */
  path: string;
  /** Merged over the default `X-Appwrite-Project`; null removes a default header. */
  headers?: Record<string, string | null>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with `content-type: application/json` unless headers say otherwise). */
  rawBody?: string;
  setup?(context: ScenarioContext): Promise<unknown>;
  expectedStatus: number;
  /** The Appwrite error `type` of an error response. */
  expectedType?: string;
  /** Substrings of the response body. */
  expectedContent?: string[];
  notExpectedContent?: string[];
  /** Response headers: a string must equal, a RegExp must match, null must be absent. */
  expectedHeaders?: Record<string, string | RegExp | null>;
  /** Collections (`databaseId/collectionId`) whose documents must be exactly the same afterwards. */
  unchanged?: string[];
  check?(json: any, response: Response, context: ScenarioContext): void | Promise<void>;
}

export const DOCUMENTS = '/v1/databases/main/collections/items/documents';

const postgresUp = await postgresAvailable();
if (!postgresUp) console.warn(`PostgreSQL does not answer at ${POSTGRES_URL}: the postgres runs are skipped.`);

/** Declares the same suite once per engine; the PostgreSQL copy is skipped when no server answers. */
export function describeEachEngine(title: string, define: (engine: Engine) => void): void {
  describe(`${title} [sqlite]`, () => define('sqlite'));
  describe.skipIf(!postgresUp)(`${title} [postgres]`, () => define('postgres'));
}

/** A server for the enclosing describe block: started before its tests, closed after them. */
export function useTestServer(engine: Engine, options: Omit<TestServerOptions, 'engine'> = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ ...options, engine });
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the test server has not started');
    return server;
  };
}

export interface RawRequest {
  method: Method;
  path: string;
  headers?: Record<string, string | null>;
  body?: unknown;
  rawBody?: string;
}

/** One HTTP request as a client would send it: project header by default, JSON body when given. */
export function send(server: TestServer, request: RawRequest): Promise<Response> {
  const headers: Record<string, string | null> = { 'X-Appwrite-Project': TEST_PROJECT };
  let body: string | undefined;
  if (request.rawBody !== undefined) body = request.rawBody;
  else if (request.body !== undefined) body = JSON.stringify(request.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, request.headers);
  const present = Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null);
  return fetch(server.url + request.path, { method: request.method, headers: present, body });
}

/** A request with the operator key whatever it answers: the status as `httpStatus` beside the JSON body. */
export async function operatorAnswer(server: TestServer, method: Method, path: string, body?: unknown): Promise<any> {
  const response = await send(server, { method, path, body, headers: { 'X-Appwrite-Key': TEST_API_KEY } });
  return { httpStatus: response.status, ...(await response.json()) };
}

/** A request with the operator key, which bypasses permissions and abuse limits; throws unless 2xx. */
export async function asOperator(server: TestServer, method: Method, path: string, body?: unknown): Promise<any> {
  const response = await send(server, { method, path, body, headers: { 'X-Appwrite-Key': TEST_API_KEY } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

/** `queries[0]=…&queries[1]=…`, the way the SDK writes a `queries` array into a query string. */
export function queryString(...queries: object[]): string {
  return queries.map((query, index) => `queries[${index}]=${encodeURIComponent(JSON.stringify(query))}`).join('&');
}

export function documentsPath(collection: string): string {
  const [databaseId, collectionId] = collection.split('/');
  return `/v1/databases/${databaseId}/collections/${collectionId}/documents`;
}

/** Creates documents one after another (so in this order) with the operator key; `collection` is `databaseId/collectionId`. */
export async function createDocuments(server: TestServer, collection: string, documents: { id: string; data: Record<string, unknown>; permissions?: string[] }[]): Promise<any[]> {
  const created = [];
  for (const document of documents) {
    created.push(await asOperator(server, 'POST', documentsPath(collection), { documentId: document.id, data: document.data, permissions: document.permissions }));
  }
  return created;
}

/** Creates the documents that do not exist yet, so rows sharing fixtures still run alone and in any order. */
export async function ensureDocuments(server: TestServer, collection: string, documents: { id: string; data: Record<string, unknown>; permissions?: string[] }[]): Promise<void> {
  for (const document of documents) {
    const existing = await send(server, { method: 'GET', path: `${documentsPath(collection)}/${document.id}`, headers: { 'X-Appwrite-Key': TEST_API_KEY } });
    await existing.body?.cancel();
    if (existing.status === 404) await createDocuments(server, collection, [document]);
  }
}

/** Count and checksum of every document of a collection, read with the operator key. */
export async function collectionSnapshot(server: TestServer, collection: string): Promise<{ total: number; checksum: string }> {
  const list = await asOperator(server, 'GET', `${documentsPath(collection)}?${queryString({ method: 'limit', values: [5000] })}`);
  return { total: list.total, checksum: createHash('sha256').update(JSON.stringify(list.documents)).digest('hex') };
}

/** Appwrite's error shape and headers, which every error response must have. */
export function expectAppwriteError(response: Response, json: unknown, type?: string): void {
  expect(json).toEqual({ message: expect.any(String), code: response.status, type: type ?? expect.any(String), version: expect.any(String) });
  expect(response.headers.get('cache-control')).toMatch(/^no-cache/);
}

export async function runScenario(context: ScenarioContext, scenario: Scenario): Promise<void> {
  await scenario.setup?.(context);
  const before = await Promise.all((scenario.unchanged ?? []).map((collection) => collectionSnapshot(context.server, collection)));
  const response = await send(context.server, scenario);
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : undefined;

  expect(response.status, text).toBe(scenario.expectedStatus);
  if (response.status >= 400) expectAppwriteError(response, json, scenario.expectedType);
  else expect(scenario.expectedType, 'expectedType names an error type').toBeUndefined();
  for (const part of scenario.expectedContent ?? []) expect(text).toContain(part);
  for (const part of scenario.notExpectedContent ?? []) expect(text).not.toContain(part);
  for (const [name, expected] of Object.entries(scenario.expectedHeaders ?? {})) {
    const actual = response.headers.get(name);
    if (expected === null) expect(actual, name).toBeNull();
    else if (expected instanceof RegExp) expect(actual, name).toMatch(expected);
    else expect(actual, name).toBe(expected);
  }
  await scenario.check?.(json, response, context);
  const after = await Promise.all((scenario.unchanged ?? []).map((collection) => collectionSnapshot(context.server, collection)));
  expect(after, 'collection contents changed').toEqual(before);
}

/** Runs a scenario table on every engine, one server per engine shared by the table's rows. */
export function runScenarios(title: string, scenarios: readonly Scenario[], options: Omit<TestServerOptions, 'engine'> = {}): void {
  describeEachEngine(title, (engine) => {
    const server = useTestServer(engine, options);
    for (const scenario of scenarios) {
      it(scenario.name, () => runScenario({ engine, server: server() }, scenario));
    }
  });
}
