/**
 * Issue 11, item 2: the permission matrix, generated from appwrite.json. For every collection,
 * bucket, team and topic it declares, every operation and every principal, the expected answer is
 * computed from the declared permissions, document/file security and the principal's roles by
 * Appwrite's rules (appwrite-rules.ts), and the real server — over HTTP, on SQLite and PostgreSQL —
 * must give it: status, error type and, where Appwrite fixes it, message; lists, searches and gets
 * hold exactly what the caller may read; refusals carry nothing of what they refuse.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/scenario.ts';
import { readDeclaredProject, withSecurityFlipped } from './declared-project.ts';
import { expectedOutcome, type Cell } from './matrix-cells.ts';
import { startMatrix, type MatrixRun } from './matrix-run.ts';
import { PRINCIPAL_NAMES } from './principals.ts';
import { SUBSCRIBE_ROUTE, subscribeRoute, subscribersPath } from './topic-cells.ts';

const site = readDeclaredProject();
const flipped = withSecurityFlipped();
afterAll(() => flipped.remove());

const counts = new Map<string, number>();
afterAll(() => {
  for (const [run, cells] of counts) console.log(`permission matrix ${run}: ${cells} cells`);
});

function record(run: MatrixRun, kind: string, cells: number): void {
  const key = `[${run.engine}${run.project === site ? '' : ', security flipped'}]`;
  counts.set(key, (counts.get(key) ?? 0) + cells);
  counts.set(`${key} ${kind}`, cells);
}

async function expectAppwriteAnswers(run: MatrixRun, kind: string, cells: readonly Cell[], concurrency?: number): Promise<void> {
  const result = await run.run(cells, concurrency);
  record(run, kind, result.cells);
  expect(result.mismatches, `${result.mismatches.length} of ${result.cells} cells differ from Appwrite's rules`).toEqual([]);
}

describeEachEngine('the permission matrix of appwrite.json', (engine) => {
  let run: MatrixRun;
  beforeAll(async () => {
    run = await startMatrix(engine, site);
  }, 120_000);
  afterAll(async () => {
    await run?.close();
  });

  it('covers every declared resource and every principal', () => {
    expect(site.collections.length).toBeGreaterThan(0);
    expect(run.principals.map((principal) => principal.name)).toEqual([...PRINCIPAL_NAMES]);
    const cells = [...run.collectionCells(), ...run.bucketCells()];
    const resources = new Set(cells.map((cell) => cell.resource));
    expect([...resources].sort()).toEqual([...site.collections.map((c) => `collection ${c.id}`), ...site.buckets.map((b) => `bucket ${b.id}`)].sort());
    for (const resource of resources) {
      expect(new Set(cells.filter((cell) => cell.resource === resource).map((cell) => cell.principal.name)).size, resource).toBe(PRINCIPAL_NAMES.length);
    }
  });

  it('collections: list, search, get, create, update, delete and grants, for every target and principal', async () => {
    await expectAppwriteAnswers(run, 'collections', run.collectionCells());
  }, 60_000);

  it('buckets: list, search, get, view, download, preview, upload, update, delete and grants', async () => {
    await expectAppwriteAnswers(run, 'buckets', run.bucketCells());
  }, 60_000);

  it('teams: list, get, rename, delete, preferences and memberships, for every principal', async () => {
    await expectAppwriteAnswers(run, 'teams', await run.teamCells(), 1);
  }, 60_000);

  it('topics: subscribing, once messaging.createSubscriber is served', async () => {
    const cells = run.topicCells();
    if (subscribeRoute()) {
      await expectAppwriteAnswers(run, 'topics', cells);
      return;
    }
    // Not served yet: no cells, and the server says there is no such route for any declared topic.
    expect(cells).toEqual([]);
    for (const topic of site.topics) {
      const reply = await run.http.send('POST', subscribersPath(topic.id), { body: { subscriberId: 'unique()', targetId: 'x' } });
      expect({ topic: topic.id, status: reply.status, type: reply.json?.type }).toEqual({ topic: topic.id, status: 404, type: 'general_route_not_found' });
    }
    console.log(`permission matrix [${engine}]: topics ${site.topics.map((topic) => topic.id).join(', ')} declared; subscribe not served (no ${SUBSCRIBE_ROUTE} in the registry), 0 cells`);
  });

  it('contact messages: only editors (and keys) list and read them; guests and users get 401 and 404', async () => {
    const contact = run.collectionCells().filter((cell) => cell.resource === 'collection contact_messages' && (cell.operation === 'list' || (cell.operation === 'get' && cell.target === 'read("any")')));
    expect(contact.length).toBeGreaterThan(0);
    const readers = (operation: string) =>
      contact.filter((cell) => cell.operation === operation && expectedOutcome(cell, run.context).status === 200).map((cell) => cell.principal.name);
    const editorsAndKeys = ['editor', 'editor owner', 'API key', 'scoped key with the scope'];
    expect(readers('list')).toEqual(editorsAndKeys);
    expect(readers('get')).toEqual(editorsAndKeys);
    const outsiders = contact.filter((cell) => ['guest', 'user', 'second user'].includes(cell.principal.name));
    expect(outsiders.map((cell) => `${cell.operation} ${cell.principal.name}: ${expectedOutcome(cell, run.context).status}`).sort()).toEqual(
      ['list guest: 401', 'get guest: 404', 'list user: 401', 'get user: 404', 'list second user: 401', 'get second user: 404'].sort(),
    );
    await expectAppwriteAnswers(run, 'contact messages', contact);
  });

  it('no refused request changed or removed a shared target', async () => {
    expect(await run.sharedTargetsChanged()).toEqual([]);
  });
});

// Document and file security the other way round on every collection and bucket: the rules for
// documents' and files' own grants, and for a bucket nobody may read, on every resource.
describeEachEngine('the permission matrix of appwrite.json with document and file security switched', (engine) => {
  let run: MatrixRun;
  beforeAll(async () => {
    run = await startMatrix(engine, flipped.project);
  }, 120_000);
  afterAll(async () => {
    await run?.close();
  });

  it('collections', async () => {
    await expectAppwriteAnswers(run, 'collections', run.collectionCells());
  }, 60_000);

  it('buckets', async () => {
    await expectAppwriteAnswers(run, 'buckets', run.bucketCells());
  }, 60_000);

  it('no refused request changed or removed a shared target', async () => {
    expect(await run.sharedTargetsChanged()).toEqual([]);
  });
});
