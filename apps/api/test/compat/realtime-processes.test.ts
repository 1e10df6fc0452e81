// Two server processes on one PostgreSQL database and Redis: an event written through one reaches a
// socket held by the other, once, within a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.ts';
import { newTestStorage, postgresAvailable, removeTestData, TEST_API_KEY, TEST_PROJECT } from '../support/test-server.ts';
import { installBrowserGlobals } from './support/realtime-browser.ts';
import { subscribeWith } from './support/realtime-feeds.ts';
import { sdkGenerations } from './support/sdk-generations.ts';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const ITEMS = 'databases.main.collections.items.documents';

describe.skipIf(!(await postgresAvailable()))('realtime across two processes [postgres + Redis]', () => {
  const storage = newTestStorage();
  // Without Redis each process would only notice the other's commits at its poll (1 s).
  const env = { REDIS_URL };
  let writer: SpawnedServer;
  let reader: SpawnedServer;

  beforeAll(async () => {
    installBrowserGlobals();
    // One after the other: the first creates the schema the second finds.
    writer = await spawnServer('postgres', { ...storage, env });
    reader = await spawnServer('postgres', { ...storage, env });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([writer?.stop('SIGTERM'), reader?.stop('SIGTERM')]);
    await removeTestData('postgres', storage);
  });

  async function createItem(title: string): Promise<string> {
    const reply = await fetch(`${writer.endpoint}/databases/main/collections/items/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY },
      body: JSON.stringify({ documentId: 'unique()', data: { title } }),
    });
    expect(reply.status).toBe(201);
    return ((await reply.json()) as { $id: string }).$id;
  }

  for (const sdk of sdkGenerations) {
    it(`${sdk.name}: a write on one process reaches a socket on the other once, within a second`, async () => {
      const feed = await subscribeWith(sdk, reader.endpoint, ['documents', ITEMS]);
      try {
        const started = Date.now();
        const id = await createItem('Across processes');
        const message = await feed.next((candidate) => candidate.payload['$id'] === id, 3_000);
        expect(Date.now() - started).toBeLessThan(1_000);
        expect(message.events[0]).toBe(`${ITEMS}.${id}.create`);
        expect(message.channels.sort()).toEqual(['documents', ITEMS].sort());
        const later = await createItem('Later');
        await feed.next((candidate) => candidate.payload['$id'] === later, 3_000);
        expect(feed.messages.map((candidate) => candidate.payload['$id'])).toEqual([id, later]);
      } finally {
        await feed.close();
      }
    });
  }
});
