// Three server processes started at the same moment on data nobody has touched: all three listen,
// and the demo data is written once (the start-up lock, db/startup-lock.ts). On PostgreSQL each
// process has its own DATA_DIR, as on three machines; on SQLite they share one, as cluster workers do.
import { generateDemo, planDemo } from '@ballot-atlas/shared/directory/demo/index';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteSchemaCopy } from '../../support/site-schema-copy.ts';
import { spawnServer, type SpawnedServer } from '../../support/spawned-server.ts';
import { newTestStorage, postgresAvailable, removeTestData, TEST_API_KEY, TEST_PROJECT, type Engine } from '../../support/test-server.ts';

const PROCESSES = 3;
const ROUNDS = 3;
const SEED_CANDIDATES = 24;
const expectedDocuments = planDemo(SEED_CANDIDATES).counts;
const expectedPictures = [...generateDemo(SEED_CANDIDATES)].filter((record) => record.data['photoFileId'] || record.data['logoFileId']).length;

// Functions are left out: this is about schema, settings and seed, and their runtimes would only slow the start.
const schema = siteSchemaCopy((json) => void (json['functions'] = []));
afterAll(() => schema.remove());

const headers = { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY };

async function get(url: string): Promise<Record<string, any>> {
  const reply = await fetch(url, { headers });
  expect(reply.status, url).toBe(200);
  return (await reply.json()) as Record<string, any>;
}

/** Every document id of a collection, read through `server`. */
async function documentIds(server: SpawnedServer, collectionId: string): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const page = await get(`${server.endpoint}/databases/main/collections/${collectionId}/documents?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [500] }))}&queries[1]=${encodeURIComponent(JSON.stringify({ method: 'offset', values: [ids.length] }))}`);
    ids.push(...(page['documents'] as { $id: string }[]).map((document) => document.$id));
    if (ids.length >= page['total'] || page['documents'].length === 0) return ids;
  }
}

/** PostgreSQL: a data dir per process and one schema, as on three machines. SQLite: one data dir, as cluster workers. */
function dataDirs(engine: Engine, storage: { dataDir: string }): string[] {
  return Array.from({ length: PROCESSES }, () => (engine === 'postgres' ? mkdtempSync(join(tmpdir(), 'ballot-atlas-start-')) : storage.dataDir));
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe.skipIf(engine === 'postgres' && !(await postgresAvailable()))(`${PROCESSES} processes started at once on fresh data [${engine}]`, () => {
    for (let round = 1; round <= ROUNDS; round++) {
      it(`round ${round}: all listen, the demo data is there once`, async () => {
        const storage = newTestStorage();
        const dirs = dataDirs(engine, storage);
        const started = await Promise.allSettled(dirs.map((dataDir) => spawnServer(engine, { dataDir, pgSchema: storage.pgSchema, schemaFile: schema.file, seed: true, env: { SEED: String(SEED_CANDIDATES) } })));
        const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
        try {
          const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
          expect(failures).toEqual([]);
          for (const server of servers) {
            for (const [collectionId, count] of Object.entries(expectedDocuments)) {
              const ids = await documentIds(server, collectionId);
              expect(ids.length, `${collectionId} through ${server.endpoint}`).toBe(count);
              expect(new Set(ids).size).toBe(ids.length);
            }
            const media = await get(`${server.endpoint}/storage/buckets/media/files?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [1] }))}`);
            expect(media['total']).toBe(expectedPictures);
          }
        } finally {
          await Promise.all(servers.map((server) => server.stop('SIGTERM')));
          for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
          await removeTestData(engine, storage);
        }
      }, 240_000);
    }
  });
}
