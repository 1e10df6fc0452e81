// Backup and restore (issue 11, item 7): `npm run backup` while writers keep writing documents and
// uploads, then `npm run restore` into an empty target and a server on it. The restored data is
// the database at one moment: every write acknowledged before the backup began is there, whole;
// sequential writes are restored as a prefix (nothing after a gap); every file is whole; nothing
// is half there. A damaged backup is refused, naming the damaged file; so is a non-empty target.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { BackupManifest } from '../../../src/ops/backup/backup-manifest.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import { storeProblems } from '../../support/store-consistency.ts';
import { newTestStorage, POSTGRES_URL, removeTestData, startTestServer, TEST_API_KEY, TEST_PROJECT, TEST_SCHEMA, type Engine, type TestServer } from '../../support/test-server.ts';
import { CHUNK_SIZE, chunkOf, md5, postFilePart, randomContent } from '../../support/upload-http.ts';

const REPO = new URL('../../../../../', import.meta.url).pathname;
const key = { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY, 'content-type': 'application/json' };
const ITEMS = '/databases/main/collections/items/documents';

function runScript(script: 'backup' | 'restore', args: string[], engine: Engine, storage: { dataDir: string; pgSchema: string }): Promise<{ code: number; out: string }> {
  const env = {
    ...process.env, DATA_DIR: storage.dataDir, SCHEMA_FILE: TEST_SCHEMA, PROJECT_ID: TEST_PROJECT, LOG_LEVEL: 'silent',
    ...(engine === 'postgres' ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: storage.pgSchema } : { DATABASE_URL: '' }),
  };
  // Asynchronous, so the writers in this process keep writing while it runs.
  const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], { cwd: REPO, env });
  let out = '';
  child.stdout.on('data', (data: Buffer) => (out += data.toString()));
  child.stderr.on('data', (data: Buffer) => (out += data.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code: code ?? 1, out })));
}

interface Acked {
  at: number;
}

/** Writers that record when each write was acknowledged. */
function startWriters(server: TestServer) {
  const sequence: (Acked & { n: number })[] = [];
  const counter: (Acked & { count: number })[] = [];
  const uploads: (Acked & { id: string; md5: string })[] = [];
  let running = true;
  const writeSequence = async () => {
    for (let n = 1; running; n++) {
      const response = await fetch(`${server.endpoint}${ITEMS}`, { method: 'POST', headers: key, body: JSON.stringify({ documentId: `seq-${n}`, data: { title: `seq ${n}`, count: n % 1000 } }) });
      expect(response.status).toBe(201);
      sequence.push({ n, at: Date.now() });
    }
  };
  const writeCounter = async () => {
    for (let count = 1; running; count++) {
      const response = await fetch(`${server.endpoint}${ITEMS}/counter`, { method: 'PATCH', headers: key, body: JSON.stringify({ data: { count: count % 1000, title: `counter ${count}` } }) });
      expect(response.status).toBe(200);
      counter.push({ count, at: Date.now() });
    }
  };
  const writeUploads = async () => {
    for (let n = 1; running; n++) {
      const id = `upload-${n}`;
      const bytes = randomContent(n % 4 === 0 ? CHUNK_SIZE + 200_000 : 50_000 + n);
      const bucketId = n % 3 === 0 ? 'sealed' : 'photos';
      for (let index = 0; index * CHUNK_SIZE < bytes.length; index++) {
        const part = bytes.length > CHUNK_SIZE ? chunkOf(bytes, index) : { bytes };
        const response = await postFilePart(server.endpoint, bucketId, { fileId: id, name: `${id}.bin`, ...part, headers: { 'x-appwrite-key': TEST_API_KEY }, ...(index ? { uploadId: id } : {}) });
        expect(response.status).toBe(201);
        await response.body?.cancel();
      }
      uploads.push({ id: `${bucketId}/${id}`, md5: md5(bytes), at: Date.now() });
    }
  };
  const done = Promise.all([writeSequence(), writeCounter(), writeUploads()]);
  return {
    sequence, counter, uploads,
    async stop() {
      running = false;
      await done;
    },
  };
}

async function json(server: TestServer, path: string): Promise<any> {
  const response = await fetch(`${server.endpoint}${path}`, { headers: key });
  expect(response.status, path).toBe(200);
  return response.json();
}

async function downloadMd5(server: TestServer, path: string): Promise<string> {
  const [bucketId, fileId] = path.split('/');
  const response = await fetch(`${server.endpoint}/storage/buckets/${bucketId}/files/${fileId}/download`, { headers: key });
  return md5(new Uint8Array(await response.arrayBuffer()));
}

describeEachEngine('backup and restore under write load', (engine) => {
  const folder = mkdtempSync(join(tmpdir(), 'ballot-atlas-backup-test-'));
  const source = newTestStorage();
  const target = newTestStorage();
  const untouched = newTestStorage();
  const running: TestServer[] = [];
  afterAll(async () => {
    for (const server of running) await server.app.close();
    await removeTestData(engine, source);
    await removeTestData(engine, target);
    await removeTestData(engine, untouched);
    rmSync(folder, { recursive: true, force: true });
  });

  it('restores exactly the data of one moment during the backup, whole; refuses a damaged backup and a non-empty target', async () => {
    const server = await startTestServer({ engine, ...source, keepData: true, env: { ABUSE_LIMITS: 'disabled' } });
    running.push(server);
    await fetch(`${server.endpoint}${ITEMS}`, { method: 'POST', headers: key, body: JSON.stringify({ documentId: 'counter', data: { title: 'counter 0', count: 0 } }) });
    const writers = startWriters(server);
    // Some writes acknowledged before the backup begins, however busy the machine is.
    for (const deadline = Date.now() + 20_000; writers.sequence.length <= 5 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));

    const backupDir = join(folder, 'backup');
    const began = Date.now();
    const backup = await runScript('backup', ['--to', backupDir], engine, source);
    const ended = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await writers.stop();
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/Backed up (sqlite|postgres)/);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ engine, projectId: TEST_PROJECT, schemaVersion: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const ackedBefore = <T extends Acked>(writes: T[]) => writes.filter((write) => write.at < began);
    expect(ackedBefore(writers.sequence).length, 'writes acknowledged before the backup began').toBeGreaterThan(5);
    const during = [...writers.sequence, ...writers.counter, ...writers.uploads].filter((write) => write.at >= began && write.at <= ended).length;
    expect(during, 'writes acknowledged while the backup ran').toBeGreaterThan(0);

    const restore = await runScript('restore', ['--from', backupDir], engine, target);
    expect(restore.code, restore.out).toBe(0);
    const restored = await startTestServer({ engine, ...target, keepData: true });
    running.push(restored);

    // Sequential creations: a prefix 1…k, with every one acknowledged before the backup began.
    const limit = encodeURIComponent(JSON.stringify({ method: 'limit', values: [5000] }));
    const documents = (await json(restored, `${ITEMS}?queries[0]=${limit}`)).documents as { $id: string; count: number; title: string }[];
    const numbers = documents.filter((document) => document.$id.startsWith('seq-')).map((document) => Number(document.$id.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(ackedBefore(writers.sequence).length);
    expect(numbers.length).toBeLessThanOrEqual(writers.sequence.length + 1);
    // The counter: whole (count and title of the same update), and at least what was acknowledged before.
    const counter = documents.find((document) => document.$id === 'counter')!;
    expect(counter.title).toBe(`counter ${counter.count}`);
    expect(counter.count).toBeGreaterThanOrEqual(ackedBefore(writers.counter).at(-1)?.count ?? 0);
    expect(manifest.counts['main/items']).toBe(documents.length);

    // Files: every upload acknowledged before the backup began is there with its bytes; every restored file is whole, uploads a prefix too.
    const restoredFiles: string[] = [];
    for (const bucketId of ['photos', 'sealed']) restoredFiles.push(...(await json(restored, `/storage/buckets/${bucketId}/files?queries[0]=${limit}`)).files.map((file: { $id: string }) => `${bucketId}/${file.$id}`));
    const uploadNumbers = restoredFiles.map((path) => Number(path.split('-')[1])).sort((a, b) => a - b);
    expect(uploadNumbers).toEqual(Array.from({ length: uploadNumbers.length }, (_, index) => index + 1));
    expect(uploadNumbers.length).toBeGreaterThanOrEqual(ackedBefore(writers.uploads).length);
    for (const path of restoredFiles) {
      const sent = writers.uploads.find((upload) => upload.id === path);
      if (sent) expect(await downloadMd5(restored, path), path).toBe(sent.md5);
    }
    expect(await storeProblems({ engine, ...target, schemaFile: TEST_SCHEMA })).toEqual([]);
    console.info(`[${engine}] backup took ${ended - began} ms with ${during} writes acknowledged meanwhile; restored ${numbers.length} of ${writers.sequence.length} sequential documents (${ackedBefore(writers.sequence).length} acknowledged before it began), counter ${counter.count} of ${writers.counter.length}, ${restoredFiles.length} of ${writers.uploads.length} uploads (${manifest.files.length} files in the manifest)`);
    await restored.app.close();
    running.pop();

    // A non-empty target is refused unless --force.
    const again = await runScript('restore', ['--from', backupDir], engine, target);
    expect(again.code).toBe(1);
    expect(again.out).toContain('the target is not empty');
    const forced = await runScript('restore', ['--from', backupDir, '--force'], engine, target);
    expect(forced.code, forced.out).toBe(0);

    // One flipped byte in one stored file: the restore names it and changes nothing.
    const damaged = manifest.files.find((file) => file.path.startsWith('storage/files/'))!;
    const bytes = readFileSync(join(backupDir, damaged.path));
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(join(backupDir, damaged.path), bytes);
    const refused = await runScript('restore', ['--from', backupDir], engine, untouched);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${damaged.path} is damaged`);
    expect(readdirSync(untouched.dataDir)).toEqual([]);
  }, 120_000);
});
