// WORKERS=2 on SQLite through the real entry (main.ts): a cluster primary and two workers on one
// port and one DATA_DIR. Mixed load without a 5xx or SQLITE_BUSY, served by both workers; abuse
// limits and realtime fan-out shared across workers without Redis; a killed worker replaced;
// SIGTERM drains both and leaves no process behind; a start-up error reported once; replacements
// that keep failing make the primary give up.
import { writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_API_KEY, processAlive, spawnCluster, stopCluster, type SpawnedCluster } from '../support/spawned-cluster.ts';
import { siteSchemaCopy } from '../support/site-schema-copy.ts';
import { serverSideOwner } from '../support/socket-owner.ts';

const PROJECT = 'ballot-atlas';
const PARTIES = 'databases.main.collections.parties.documents';
const LOAD_SECONDS = 20;
const CONCURRENCY = 20;

describe('WORKERS=2 on SQLite (node:cluster)', () => {
  let cluster: SpawnedCluster;
  const url = (path: string) => `${cluster.endpoint}${path}`;
  const asOperator = { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, 'x-appwrite-key': CLUSTER_API_KEY };
  const asGuest = { 'content-type': 'application/json', 'x-appwrite-project': PROJECT };
  const requestPids = (route: string) => new Set(cluster.lines.filter((line) => line.msg === 'request' && line.route === route).map((line) => line.pid));

  beforeAll(async () => {
    cluster = await spawnCluster(2);
  }, 180_000);
  afterAll(() => stopCluster(cluster), 60_000);

  async function createParty(name: string, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
    return fetch(url('/databases/main/collections/parties/documents'), {
      method: 'POST',
      signal,
      headers: { ...asOperator, ...headers },
      body: JSON.stringify({ documentId: 'unique()', data: { name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomUUID()}` } }),
    });
  }

  it('one start-up line names both workers', () => {
    expect(cluster.workerPids).toHaveLength(2);
    expect(new Set([cluster.primaryPid, ...cluster.workerPids]).size).toBe(3);
  });

  it(`mixed reads and writes for ${LOAD_SECONDS} s at concurrency ${CONCURRENCY}: no 5xx, no SQLITE_BUSY, both workers serve`, async () => {
    const statuses = new Map<number, number>();
    const created: string[] = [];
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const deadline = Date.now() + LOAD_SECONDS * 1000;
    const client = async (index: number) => {
      for (let step = 0; Date.now() < deadline; step++) {
        const pick = (index + step) % 4;
        let reply: Response;
        if (pick === 0 || created.length === 0) {
          reply = await createParty(`Load party ${index} ${step}`);
          if (reply.status === 201) created.push(((await reply.json()) as { $id: string }).$id);
          else await reply.arrayBuffer();
        } else if (pick === 1) {
          const id = created[(index * 7 + step) % created.length]!;
          reply = await fetch(url(`/databases/main/collections/parties/documents/${id}`), { method: 'PATCH', headers: asOperator, body: JSON.stringify({ data: { name: `Renamed ${index} ${step}` } }) });
          await reply.arrayBuffer();
        } else if (pick === 2) {
          reply = await fetch(url(`/databases/main/collections/parties/documents?queries[]=${encodeURIComponent('{"method":"limit","values":[25]}')}`), { headers: asGuest });
          await reply.arrayBuffer();
        } else {
          reply = await fetch(url(`/databases/main/collections/parties/documents/${created[step % created.length]}`), { headers: asGuest });
          await reply.arrayBuffer();
        }
        count(reply.status);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => client(index)));
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.log(`cluster load: ${total} requests in ${LOAD_SECONDS} s (${Math.round(total / LOAD_SECONDS)}/s), statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${created.length} created`);
    expect(fiveHundreds).toBe(0);
    expect([...statuses.keys()].sort()).toEqual([200, 201].filter((status) => statuses.has(status)));
    expect(created.length).toBeGreaterThan(50);
    const log = JSON.stringify(cluster.lines) + cluster.text();
    expect(log).not.toMatch(/SQLITE_BUSY|database is locked/i);
    for (const route of ['/v1/databases/:databaseId/collections/:collectionId/documents', '/v1/databases/:databaseId/collections/:collectionId/documents/:documentId']) {
      expect([...requestPids(route)].sort()).toEqual([...cluster.workerPids].sort());
    }
  }, 120_000);

  it('an abuse limit of 10 counts across workers: the 11th failing sign-in is 429, whichever worker takes it', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      // A new connection each time, so the primary hands the attempts to both workers in turn.
      const reply = await fetch(url('/account/sessions/email'), { method: 'POST', headers: { ...asGuest, connection: 'close' }, body: JSON.stringify({ email, password: 'not the password' }) });
      await reply.arrayBuffer();
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect([...requestPids('/v1/account/sessions/email')].sort()).toEqual([...cluster.workerPids].sort());
  }, 60_000);

  it('an event written through one worker reaches sockets held by the other as quickly as in one process', async () => {
    const serverPort = Number(new URL(cluster.endpoint).port);
    const sockets = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const ws = new WebSocket(`${cluster.endpoint.replace('http://', 'ws://')}/realtime?project=${PROJECT}&channels%5B%5D=${PARTIES}`);
        const frames: { at: number; data: any }[] = [];
        ws.on('message', (data) => {
          const frame = JSON.parse(String(data)) as { type: string; data: any };
          if (frame.type === 'event') frames.push({ at: Date.now(), data: frame.data });
        });
        await new Promise<void>((resolve, reject) => {
          ws.on('message', (data) => JSON.parse(String(data)).type === 'connected' && resolve());
          ws.on('error', reject);
        });
        return { ws, frames, owner: serverSideOwner(serverPort, (ws as unknown as { _socket: { localPort: number } })._socket.localPort, cluster.workerPids) };
      }),
    );
    try {
      expect(new Set(sockets.map((socket) => socket.owner))).toEqual(new Set(cluster.workerPids));
      for (let round = 0; round < 3; round++) {
        const reply = await createParty(`Realtime party ${round}`, { connection: 'close' });
        expect(reply.status).toBe(201);
        const answeredAt = Date.now();
        const id = ((await reply.json()) as { $id: string }).$id;
        const deadline = answeredAt + 2_000;
        while (Date.now() < deadline && !sockets.every((socket) => socket.frames.some((frame) => frame.data.payload.$id === id))) await new Promise((resolve) => setTimeout(resolve, 5));
        const delays = sockets.map((socket) => (socket.frames.find((frame) => frame.data.payload.$id === id)?.at ?? Infinity) - answeredAt);
        // Without the primary's relay, the other worker would only see it at its next poll (1 s).
        expect(Math.max(...delays)).toBeLessThan(500);
      }
    } finally {
      for (const socket of sockets) socket.ws.terminate();
    }
  }, 60_000);

  it('a worker killed with SIGKILL is replaced, and requests keep succeeding', async () => {
    const [victim, survivor] = cluster.workerPids as [number, number];
    const outcomes: { at: number; status: number }[] = [];
    const call = async (send: () => Promise<Response>) => {
      const at = Date.now();
      try {
        const reply = await send();
        await reply.arrayBuffer();
        outcomes.push({ at, status: reply.status === 201 ? 200 : reply.status });
      } catch {
        outcomes.push({ at, status: 0 });
      }
    };
    const listOne = () => fetch(url('/databases/main/collections/parties/documents?queries[]=%7B%22method%22%3A%22limit%22%2C%22values%22%3A%5B1%5D%7D'), { headers: { ...asGuest, connection: 'close' }, signal: AbortSignal.timeout(5_000) });
    const replaced = cluster.waitFor((line) => line.role === 'primary' && line.msg.includes(`in place of ${victim}`), 60_000);
    let replacement: number | undefined;
    void replaced.then((line) => (replacement = Number(/worker (\d+) listening/.exec(line.msg)?.[1])), () => {});
    process.kill(victim, 'SIGKILL');
    const noticed = await cluster.waitFor((line) => line.role === 'primary' && line.msg.includes(`worker ${victim} died`), 10_000);
    while (replacement === undefined && Date.now() - noticed.time < 60_000) await call(listOne);
    await replaced;
    for (let attempt = 0; attempt < 10; attempt++) await call(() => createParty(`After the kill ${attempt}`, { connection: 'close' }, AbortSignal.timeout(5_000)));
    // Every request made once the primary knew of the death succeeded (the survivor, then both).
    expect(outcomes.length).toBeGreaterThan(10);
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect(processAlive(victim)).toBe(false);
    expect(processAlive(survivor)).toBe(true);
    cluster.workerPids = [survivor, replacement!];
    expect(requestPids('/v1/databases/:databaseId/collections/:collectionId/documents').has(replacement!)).toBe(true);
  }, 120_000);

  it('SIGTERM to the primary drains every worker, exits 0 and leaves no worker behind', async () => {
    const workers = [...cluster.workerPids];
    cluster.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
    for (const pid of workers) expect(processAlive(pid)).toBe(false);
    const drained = cluster.lines.filter((line) => /^shutdown \(.*\) done/.test(line.msg)).map((line) => line.pid);
    expect(drained.sort()).toEqual(workers.sort());
  }, 60_000);
});

describe('WORKERS=2: an error at start-up', () => {
  it('is reported once by the first worker, and the primary exits 1 without starting the others', async () => {
    const spawned = spawnCluster(2, { PROJECT_ID: 'another-project', SEED: 'none' });
    await expect(spawned).rejects.toThrow(/the cluster exited/);
    const message = (await spawned.catch((error: Error) => error.message)) as string;
    expect(message.match(/is for project "ballot-atlas" but PROJECT_ID is "another-project"/g)).toHaveLength(1);
  }, 60_000);
});

describe('WORKERS=2: the realtime handshake rate counts across workers', () => {
  let cluster: SpawnedCluster;
  beforeAll(async () => {
    cluster = await spawnCluster(2, { SEED: 'none', REALTIME_CONNECTIONS_PER_MINUTE: '6' });
  }, 120_000);
  afterAll(() => stopCluster(cluster), 60_000);

  it('with 6 per minute, 6 sockets open (on both workers) and the 7th and 8th are refused with 1013', async () => {
    // The window is the clock's minute: start well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const serverPort = Number(new URL(cluster.endpoint).port);
    const outcomes: { first: string; owner: number | undefined; ws: WebSocket }[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const ws = new WebSocket(`${cluster.endpoint.replace('http://', 'ws://')}/realtime?project=${PROJECT}&channels%5B%5D=${PARTIES}`);
      const first = await new Promise<string>((resolve, reject) => {
        ws.once('message', (data) => {
          const frame = JSON.parse(String(data)) as { type: string; data?: { code?: number } };
          resolve(frame.type === 'error' ? `error ${frame.data?.code}` : frame.type);
        });
        ws.on('error', reject);
      });
      const owner = first === 'connected' ? serverSideOwner(serverPort, (ws as unknown as { _socket: { localPort: number } })._socket.localPort, cluster.workerPids) : undefined;
      outcomes.push({ first, owner, ws });
    }
    try {
      expect(outcomes.map((outcome) => outcome.first)).toEqual([...Array(6).fill('connected'), 'error 1013', 'error 1013']);
      expect(new Set(outcomes.slice(0, 6).map((outcome) => outcome.owner))).toEqual(new Set(cluster.workerPids));
    } finally {
      for (const outcome of outcomes) outcome.ws.terminate();
    }
  }, 90_000);
});

describe('WORKERS=2: replacements that cannot start', () => {
  it('are retried with a growing back-off, then the primary gives up, drains the survivor and exits 1', async () => {
    const schema = siteSchemaCopy((copy) => {
      copy['projectId'] = PROJECT;
      copy['functions'] = [];
    });
    const cluster = await spawnCluster(2, { SEED: 'none', SCHEMA_FILE: schema.file });
    try {
      // Every worker started from now on fails at start-up, as after a bad deploy.
      writeFileSync(schema.file, '{ not json');
      const [victim, survivor] = cluster.workerPids as [number, number];
      process.kill(victim, 'SIGKILL');
      expect(await cluster.exited).toBe(1);
      const primary = cluster.lines.filter((line) => line.role === 'primary').map((line) => line.msg);
      const delays = primary.flatMap((msg) => /starting a replacement in (\d+) ms/.exec(msg)?.[1] ?? []).map(Number);
      expect(delays.length).toBeGreaterThanOrEqual(4);
      expect(delays.slice(1).every((delay, index) => delay > delays[index]!)).toBe(true);
      expect(primary).toContain('cluster: 5 workers in a row died before listening (last: exit code 1); giving up');
      expect(processAlive(survivor)).toBe(false);
      expect(cluster.lines.some((line) => line.pid === survivor && /^shutdown \(.*\) done/.test(line.msg))).toBe(true);
    } finally {
      if (processAlive(cluster.primaryPid)) cluster.kill('SIGKILL');
      cluster.remove();
      schema.remove();
    }
  }, 180_000);
});
