// Endpoints Appwrite's server has and we do not answer as Appwrite's own server does for a method
// it lacks: 405 general_not_implemented (app/config/errors.php), not 404. Any other path stays
// 404 general_route_not_found. The list is written by `npm run sdk-surface -- --write`.
import { readFileSync } from 'node:fs';
import { AppwriteException as WebException, Client as WebClient, Presences } from 'appwrite28';
import { Client as ServerClient, Messaging, AppwriteException } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/core/registry.ts';
import { endpointKey, NOT_IMPLEMENTED_FILE } from '../../src/http/not-implemented.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../support/test-server.ts';
import { engines } from './support/engines.ts';

const NOT_IMPLEMENTED = {
  code: 405,
  type: 'general_not_implemented',
  message: 'This method was not fully implemented yet. If you believe this is a mistake, please upgrade your Appwrite server version.',
};

const served = new Set(routes.flatMap((route) => [route.path, ...(route.aliases ?? [])].map((path) => endpointKey(route.method, path))));
const listed = (JSON.parse(readFileSync(NOT_IMPLEMENTED_FILE, 'utf8')) as string[]).map((entry) => entry.split(' ') as [string, string]);

for (const { engine, available } of engines) {
  describe.skipIf(!available)(`not implemented [appwrite@28.0.0, ${engine}]`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ engine });
    });
    afterAll(() => server.close());

    const call = (method: string, path: string) => fetch(`${server.endpoint}${path}`, { method, headers: { 'x-appwrite-project': TEST_PROJECT } });

    it('an SDK 28 method Appwrite serves and we do not (presences.list) fails with 405 general_not_implemented and Appwrite\'s message', async () => {
      const client = new WebClient().setEndpoint(server.endpoint).setProject(TEST_PROJECT);
      const failure = await new Presences(client).list().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(WebException);
      expect(failure).toMatchObject(NOT_IMPLEMENTED);
    });

    it('the server SDK sees the same answer as an AppwriteException (messaging.listProviders)', async () => {
      const client = new ServerClient().setEndpoint(server.endpoint).setProject(TEST_PROJECT).setKey(TEST_API_KEY);
      const failure = await new Messaging(client).listProviders().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(AppwriteException);
      expect(failure).toMatchObject({ code: 405, type: 'general_not_implemented', message: NOT_IMPLEMENTED.message });
    });

    it('every listed endpoint the registry does not serve answers 405', async () => {
      const unserved = listed.filter(([method, path]) => !served.has(endpointKey(method, path)));
      expect(unserved.length).toBeGreaterThan(0);
      for (const [method, path] of unserved) {
        const response = await call(method, path.replace(/\{\w+\}/g, 'x'));
        expect({ endpoint: `${method} ${path}`, status: response.status, type: ((await response.json()) as { type: string }).type }).toEqual({ endpoint: `${method} ${path}`, status: 405, type: 'general_not_implemented' });
      }
    });

    it('an unknown path, or a listed path with another method, is still 404 general_route_not_found', async () => {
      for (const [method, path] of [['GET', '/nothing/here'], ['POST', '/presences'], ['GET', '/presences/one/extra']] as const) {
        const response = await call(method, path);
        expect(response.status).toBe(404);
        expect(((await response.json()) as { type: string }).type).toBe('general_route_not_found');
      }
    });

    it('the OpenAPI description does not offer the not-implemented endpoints', async () => {
      const description = (await (await call('GET', '/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
      expect(Object.keys(description.paths)).not.toContain('/presences');
      expect(Object.keys(description.paths)).not.toContain('/messaging/providers');
      const offered = Object.entries(description.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => endpointKey(method, path)));
      const unservedKeys = new Set(listed.filter(([method, path]) => !served.has(endpointKey(method, path))).map(([method, path]) => endpointKey(method, path)));
      expect(offered.filter((key) => unservedKeys.has(key))).toEqual([]);
    });
  });
}
