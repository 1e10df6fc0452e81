// functions/tally-race as the site declares it (appwrite.json): an editor's change to one
// candidate's votes gives every candidate of that race its new share, leaves other races alone,
// and the function's own writes end the chain (each re-run finds nothing to write).
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startTestServer, TEST_API_KEY, type Engine, type TestServer } from '../../support/test-server.ts';

const SITE_SCHEMA = fileURLToPath(new URL('../../../../../appwrite.json', import.meta.url));
const PROJECT = 'ballot-atlas';
const keyHeaders = { 'x-appwrite-project': PROJECT, 'content-type': 'application/json', 'x-appwrite-key': TEST_API_KEY };
const postgresUp = await postgresAvailable();

interface Run {
  $id: string;
  status: string;
  logs: string;
  $createdAt: string;
}

async function api(server: TestServer, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${server.endpoint}${path}`, { method, headers: keyHeaders, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const documents = (collection: string) => `/databases/main/collections/${collection}/documents`;

async function create(server: TestServer, collection: string, id: string, data: Record<string, unknown>): Promise<void> {
  await api(server, 'POST', documents(collection), { documentId: id, data });
}

async function runs(server: TestServer): Promise<Run[]> {
  return (await api(server, 'GET', '/functions/tally-race/executions?queries[]=' + encodeURIComponent(JSON.stringify({ method: 'limit', values: [100] })))).executions;
}

async function percents(server: TestServer, ids: string[]): Promise<(number | null)[]> {
  return Promise.all(ids.map(async (id) => (await api(server, 'GET', `${documents('candidates')}/${id}`)).votePercent));
}

/** Waits until every execution has ended and no new one has appeared for `quietMs`. */
async function settled(server: TestServer, quietMs = 1_500, ms = 30_000): Promise<Run[]> {
  const deadline = Date.now() + ms;
  let last = -1;
  let since = Date.now();
  for (;;) {
    const list = await runs(server);
    const done = list.every((run) => run.status === 'completed' || run.status === 'failed');
    if (list.length !== last || !done) {
      last = list.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return list;
    if (Date.now() > deadline) throw new Error(`executions did not settle: ${JSON.stringify(list.map((run) => run.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const written = (run: Run) => Number(/(\d+) shares written/.exec(run.logs)?.[1] ?? NaN);

for (const engine of ['sqlite', 'postgres'] as Engine[]) {
  describe.skipIf(engine === 'postgres' && !postgresUp)(`tally-race [${engine}]`, () => {
    let server: TestServer;
    beforeAll(async () => {
      // One execution at a time, so how many runs a change causes is exact.
      server = await startTestServer({ engine, schemaFile: SITE_SCHEMA, env: { PROJECT_ID: PROJECT, JOBS_POLL_MS: '100', EXECUTIONS_CONCURRENCY: '1' } });
      const place = { regionId: 'r1', subregionId: 's1', districtId: 'd1' };
      await create(server, 'offices', 'mp', { name: 'Member of Parliament', slug: 'MP', level: 'electoral_area', seats: 1 });
      await create(server, 'elections', 'e1', { name: 'General 2026', slug: 'general-2026', date: '2026-12-01T00:00:00.000Z', status: 'ongoing' });
      const candidate = (id: string, area: string, votes: number | null, votePercent: number | null) =>
        create(server, 'candidates', id, { name: `Candidate ${id}`, slug: id, officeId: 'mp', electionId: 'e1', ...place, electoralAreaId: area, status: 'nominated', votes, votePercent });
      await candidate('a1', 'area-a', 300, 60);
      await candidate('a2', 'area-a', 200, 40);
      await candidate('a3', 'area-a', null, null);
      await candidate('b1', 'area-b', 50, 50);
      await candidate('b2', 'area-b', 50, 50);
      await settled(server);
    });
    afterAll(async () => {
      await server.close();
    });

    it('keeps shares that are already right: creating a consistent race writes nothing', async () => {
      const list = await runs(server);
      expect(list).toHaveLength(5);
      expect(list.every((run) => run.status === 'completed' && written(run) === 0)).toBe(true);
    });

    it('one changed count rewrites the whole race, not other races, and the chain ends', async () => {
      const before = new Set((await runs(server)).map((run) => run.$id));
      await api(server, 'PATCH', `${documents('candidates')}/a3`, { data: { votes: 500 } });
      const after = await settled(server);
      expect(await percents(server, ['a1', 'a2', 'a3'])).toEqual([30, 20, 50]);
      expect(await percents(server, ['b1', 'b2'])).toEqual([50, 50]);
      // The editor's write, then one run per share the function wrote (3), each writing nothing.
      const fresh = after.filter((run) => !before.has(run.$id));
      expect(fresh).toHaveLength(4);
      const byWrites = fresh.map(written).sort();
      expect(byWrites).toEqual([0, 0, 0, 3]);
      expect(fresh.every((run) => run.status === 'completed')).toBe(true);
    });

    it('a deleted candidate leaves the rest of the race with its shares', async () => {
      await api(server, 'DELETE', `${documents('candidates')}/a3`);
      await settled(server);
      expect(await percents(server, ['a1', 'a2'])).toEqual([60, 40]);
    });
  });
}
