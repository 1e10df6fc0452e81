/**
 * The kill -9 run: writers (documents by the API key and by a signed-in editor, chunked uploads,
 * sign-ups, invitations) against a server in its own process, SIGKILL at a seeded random moment,
 * a restart on the same data, and the checks of verify-restart.ts — cycle after cycle.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHUNK_SIZE } from '../../support/upload-http.ts';
import { spawnServer, type SpawnedServer } from '../../support/spawned-server.ts';
import { openStore, type StoreLocation } from '../../support/store-consistency.ts';
import { newTestStorage, removeTestData, type Engine } from '../../support/test-server.ts';
import { noWritesYet, type AcknowledgedWrites, type Editor } from './acknowledged-writes.ts';
import { writeInvitations, writeSignUps } from './account-writers.ts';
import { writeDocuments } from './document-writer.ts';
import { API_KEY, call, expectStatus } from './durability-client.ts';
import { EDITOR_COLLECTION, EDITORS_TEAM, KEY_COLLECTION, PLAIN_BUCKET, SEALED_BUCKET, writeDurabilitySchema } from './durability-schema.ts';
import { seededRandom } from './seeded-random.ts';
import { writeUploads } from './upload-writer.ts';
import { verifyAfterRestart, type Violation } from './verify-restart.ts';
import type { WriterContext } from './writer-context.ts';

export interface KillCycleOptions {
  engine: Engine;
  cycles: number;
  seed: string;
  /** The server is killed this long after its writers start: a seeded draw in [min, max] ms. */
  killAfterMs?: { min: number; max: number };
  log?(line: string): void;
}

export interface KillCycleReport {
  engine: Engine;
  seed: string;
  cycles: number;
  seconds: number;
  acknowledged: AcknowledgedWrites['acknowledged'];
  /** Each finding with the cycle after which it was first found (0: the final check). */
  violations: (Violation & { cycle: number })[];
}

/** A signed-in owner of the editors team, made by the API key. */
async function makeEditor(endpoint: string): Promise<Editor> {
  const account = { id: 'durability-editor', email: 'editor@durability.test', password: 'editor-password-long' };
  expectStatus('editor sign-up', await call(endpoint, { kind: 'guest' }, 'POST', '/account', { userId: account.id, email: account.email, password: account.password }), 201);
  expectStatus('editor membership', await call(endpoint, API_KEY, 'POST', `/teams/${EDITORS_TEAM}/memberships`, { userId: account.id, roles: ['owner'] }), 201);
  const signIn = expectStatus('editor sign-in', await call(endpoint, { kind: 'guest' }, 'POST', '/account/sessions/email', { email: account.email, password: account.password }), 201);
  const cookie = signIn.response.headers.getSetCookie().find((line) => line.startsWith('a_session_'))!;
  return { ...account, caller: { kind: 'session', token: decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!) } };
}

function writersFor(context: WriterContext): Promise<void>[] {
  const editor = context.writes.editor!.caller;
  return [
    writeDocuments({ ...context, random: context.random.fork('key-documents') }, API_KEY, KEY_COLLECTION, 'k', 12),
    writeDocuments({ ...context, random: context.random.fork('editor-documents') }, editor, EDITOR_COLLECTION, 'e', 12),
    writeUploads({ ...context, random: context.random.fork('sealed-uploads') }, { bucketId: SEALED_BUCKET, caller: API_KEY, label: 'sealed', maxSize: 2 * CHUNK_SIZE }),
    writeUploads({ ...context, random: context.random.fork('plain-uploads') }, { bucketId: PLAIN_BUCKET, caller: editor, label: 'plain', maxSize: 3 * CHUNK_SIZE }),
    writeSignUps({ ...context, random: context.random.fork('sign-ups') }, 'signup'),
    writeInvitations({ ...context, random: context.random.fork('invitations') }, 'invitee'),
  ];
}

async function verify(location: StoreLocation, server: SpawnedServer, writes: AcknowledgedWrites, downloadAll = false): Promise<Violation[]> {
  const store = await openStore(location);
  try {
    return await verifyAfterRestart(server.endpoint, writes, store, downloadAll);
  } finally {
    await store.close();
  }
}

export async function runKillCycles(options: KillCycleOptions): Promise<KillCycleReport> {
  const started = Date.now();
  const { engine, cycles, seed } = options;
  const killAfter = options.killAfterMs ?? { min: 100, max: 1200 };
  const log = options.log ?? (() => {});
  const folder = mkdtempSync(join(tmpdir(), 'ballot-atlas-durability-'));
  const data = newTestStorage();
  const location: StoreLocation = { engine, ...data, schemaFile: writeDurabilitySchema(folder) };
  const spawn = () => spawnServer(engine, location);
  const random = seededRandom(seed);
  const writes = noWritesYet();
  const violations: KillCycleReport['violations'] = [];
  // A leftover is reported once, after the cycle that first found it.
  const reported = new Set<string>();
  let server = await spawn();
  try {
    writes.editor = await makeEditor(server.endpoint);
    for (let cycle = 1; cycle <= cycles; cycle++) {
      const cycleRandom = random.fork(`cycle-${cycle}`);
      const delay = cycleRandom.int(killAfter.min, killAfter.max);
      let running = true;
      const writers = writersFor({ endpoint: server.endpoint, writes, random: cycleRandom, running: () => running });
      const settled = Promise.allSettled(writers);
      await sleep(delay);
      running = false;
      await server.stop('SIGKILL');
      for (const outcome of await settled) {
        if (outcome.status === 'rejected') violations.push({ cycle, area: 'writer', problem: String(outcome.reason?.message ?? outcome.reason) });
      }
      const killedAt = Date.now();
      server = await spawn();
      const restartedAt = Date.now();
      const found = (await verify(location, server, writes)).filter((violation) => !reported.has(violation.problem));
      for (const violation of found) reported.add(violation.problem);
      violations.push(...found.map((violation) => ({ ...violation, cycle })));
      log(`[${engine}] cycle ${cycle}/${cycles}: killed after ${delay} ms, restarted in ${restartedAt - killedAt} ms, checked in ${Date.now() - restartedAt} ms; ${found.length ? `${found.length} problems: ${found.map((violation) => violation.problem).join('; ')}` : 'all acknowledged writes whole, nothing half there'}`);
    }
    const final = (await verify(location, server, writes, true)).filter((violation) => !reported.has(violation.problem));
    violations.push(...final.map((violation) => ({ ...violation, cycle: 0 })));
    if (server.stderr()) violations.push({ cycle: 0, area: 'server log', problem: server.stderr() });
  } finally {
    await server.stop('SIGTERM');
    await removeTestData(engine, data);
    rmSync(folder, { recursive: true, force: true });
  }
  return { engine, seed, cycles, seconds: (Date.now() - started) / 1000, acknowledged: writes.acknowledged, violations };
}
