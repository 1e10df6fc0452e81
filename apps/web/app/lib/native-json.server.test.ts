import { createServer, type Server } from 'node:http';
import { AppwriteException, Client, Databases } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNativeJson } from './native-json.server';

let server: Server;
let endpoint = '';
const seen: { url: string; project: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', project: request.headers['x-appwrite-project'] as string | undefined });
    if (request.url?.includes('/documents/missing')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Document with the requested ID could not be found.', code: 404, type: 'document_not_found', version: '1.8.0' }));
    } else if (request.url?.includes('/documents/plain')) {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    } else {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ total: 2, documents: [{ $id: 'a', $sequence: 9007199254740991, name: 'Ñandú', votes: 12.5 }, { $id: 'b', $sequence: 2, name: 'Zoë', votes: null }] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const databases = (native: boolean) => {
  const client = new Client().setEndpoint(endpoint).setProject('ballot-atlas');
  return new Databases(native ? withNativeJson(client) : client);
};

describe('answers parsed with JSON.parse', () => {
  it("gives the same documents as the SDK's own parser, through the SDK's request", async () => {
    const [ours, sdk] = await Promise.all([databases(true), databases(false)].map((api) => api.listDocuments({ databaseId: 'main', collectionId: 'candidates', queries: ['{"method":"limit","values":[2]}'] })));
    expect(ours).toEqual(sdk);
    expect(seen.at(-1)).toMatchObject({ project: 'ballot-atlas' });
    expect(seen.at(-1)!.url).toContain('queries%5B0%5D=');
  });

  it('an error answer is the AppwriteException the SDK would throw', async () => {
    const failure = (api: Databases) => api.getDocument({ databaseId: 'main', collectionId: 'candidates', documentId: 'missing' }).catch((error: unknown) => error);
    const [ours, sdk] = (await Promise.all([failure(databases(true)), failure(databases(false))])) as [AppwriteException, AppwriteException];
    expect(ours).toBeInstanceOf(AppwriteException);
    expect({ message: ours.message, code: ours.code, type: ours.type }).toEqual({ message: sdk.message, code: sdk.code, type: sdk.type });
    expect({ message: ours.message, code: ours.code, type: ours.type }).toEqual({ message: 'Document with the requested ID could not be found.', code: 404, type: 'document_not_found' });
    const gateway = (await databases(true).getDocument({ databaseId: 'main', collectionId: 'candidates', documentId: 'plain' }).catch((error: unknown) => error)) as AppwriteException;
    expect({ code: gateway.code, message: gateway.message }).toEqual({ code: 502, message: '<h1>Bad gateway</h1>' });
  });
});
