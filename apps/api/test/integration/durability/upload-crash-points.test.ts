// An upload or a deletion stopped dead at each step (the process "dies": the step's promise never
// settles and nothing after it runs), then a new server starts on the same data: its start-up
// sweep leaves every file complete and whole, or resumable with its acknowledged chunks, or gone —
// never half there. The random kill -9 run (kill-nine.test.ts) finds these windows by chance;
// this test visits each one on purpose.
import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ADMIN } from '../../../src/core/context.ts';
import { sharedSetting } from '../../../src/db/system/settings.ts';
import { ChunkLedger } from '../../../src/services/storage/chunk-ledger.ts';
import { BlobFileDevice } from '../../../src/services/storage/blob-file-device.ts';
import { DiskBlobStore } from '../../../src/services/storage/blobs/disk-blob-store.ts';
import { fileBuckets } from '../../../src/services/storage/file-buckets.ts';
import type { FileDevice } from '../../../src/services/storage/file-device.ts';
import { FilesService } from '../../../src/services/storage/files-service.ts';
import { parseInstanceName } from '../../../src/services/storage/process-instance.ts';
import { UploadAssembly } from '../../../src/services/storage/upload-assembly.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import { storeProblems } from '../../support/store-consistency.ts';
import { newTestStorage, removeTestData, startTestServer, TEST_API_KEY, TEST_PROJECT, TEST_SCHEMA, type Engine, type TestServer } from '../../support/test-server.ts';
import { CHUNK_SIZE, chunkOf, md5, randomContent } from '../../support/upload-http.ts';

/** A scratch folder named after a process of this host that no longer runs (Linux pids stay below 2^22). */
const DEAD_SCRATCH = `${hostname()}~4194304~0badc0ffee00`;

type Step = 'putChunk' | 'joinChunks' | 'place' | 'removeChunks' | 'delete';

/** The device, except that `step` (once armed) does its work and then never returns: the process is dead from there on. */
function dyingAfter(device: FileDevice, step: Step): { device: FileDevice; arm(): void; reached: Promise<void> } {
  let armed = false;
  let reached!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const dying = new Proxy(device, {
    get(target, property, receiver) {
      const original = Reflect.get(target, property, receiver);
      if (property !== step || typeof original !== 'function') return typeof original === 'function' ? original.bind(target) : original;
      return async (...args: unknown[]) => {
        await original.apply(target, args);
        if (!armed) return;
        reached();
        return new Promise(() => {});
      };
    },
  });
  return { device: dying as FileDevice, arm: () => (armed = true), reached: reachedPromise };
}

interface Crash {
  engine: Engine;
  storage: { dataDir: string; pgSchema: string };
}

/** A server's storage parts, with the device dying after `step`, and a way to send one request's part. */
async function crashingStorage(server: TestServer, step: Step) {
  const { dialect, schema } = server.app.services;
  const scratch = join(server.dataDir, 'tmp', DEAD_SCRATCH);
  await mkdir(scratch, { recursive: true });
  const dying = dyingAfter(new BlobFileDevice(new DiskBlobStore(join(server.dataDir, 'storage')), scratch), step);
  const ledger = new ChunkLedger(dialect);
  const storageKey = Buffer.from(await sharedSetting(dialect, 'storage_key', () => ''), 'hex');
  // Its claims name the dead process too, as a real crashed server's would.
  const assembly = new UploadAssembly(dying.device, ledger, storageKey, parseInstanceName(DEAD_SCRATCH)!);
  const files = new FilesService({ buckets: fileBuckets(dialect, schema), device: dying.device, ledger, assembly, storageKey });
  let spooled = 0;
  const send = (bucketId: string, fileId: string, source: Uint8Array, index: number) => {
    const { bytes, range } = chunkOf(source as Uint8Array<ArrayBuffer>, index);
    const tempPath = join(scratch, `upload-${++spooled}`);
    writeFileSync(tempPath, bytes);
    return files.receive(ADMIN, bucketId, {
      fileId, filename: `${fileId}.bin`, tempPath, size: bytes.length, permissions: undefined,
      contentRange: source.length > CHUNK_SIZE ? `bytes ${range.start}-${range.end}/${range.total}` : undefined, uploadId: index > 0 ? fileId : undefined,
    });
  };
  return { files, send, ...dying };
}

async function fileState(server: TestServer, bucketId: string, fileId: string): Promise<{ status: number; model?: any; md5?: string }> {
  const headers = { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY };
  const response = await fetch(`${server.endpoint}/storage/buckets/${bucketId}/files/${fileId}`, { headers });
  if (response.status !== 200) return { status: response.status };
  const model = await response.json();
  if (!model.signature) return { status: 200, model };
  const download = await fetch(`${server.endpoint}/storage/buckets/${bucketId}/files/${fileId}/download`, { headers });
  return { status: 200, model, md5: md5(new Uint8Array(await download.arrayBuffer())) };
}

describeEachEngine('an upload or deletion stopped dead at each step', (engine) => {
  const running: TestServer[] = [];
  let crash: Crash | undefined;
  afterEach(async () => {
    for (const server of running.splice(0)) await server.app.close();
    if (crash) await removeTestData(crash.engine, crash.storage);
  });

  async function start(): Promise<TestServer> {
    crash ??= { engine, storage: newTestStorage() };
    const server = await startTestServer({ engine, ...crash.storage, keepData: true, schemaFile: TEST_SCHEMA });
    running.push(server);
    return server;
  }

  /** Stops the first server where it stands and starts another on its data, which sweeps at start-up. */
  async function restart(): Promise<TestServer> {
    await running.shift()!.app.close();
    const server = await start();
    expect(server.app.services.storage.startupSweep).not.toBeInstanceOf(Error);
    return server;
  }

  async function expectNothingHalfThere(server: TestServer): Promise<void> {
    expect(await storeProblems({ engine, ...crash!.storage, schemaFile: TEST_SCHEMA })).toEqual([]);
    void server;
  }

  const source = randomContent(2 * CHUNK_SIZE + 1000);
  const sealedSource = randomContent(CHUNK_SIZE + 5000);

  it('after the last chunk is stored but before it is recorded: still uploading, and the client resends it to finish', async () => {
    const first = await start();
    const crashing = await crashingStorage(first, 'putChunk');
    await crashing.send('photos', 'last-chunk', source, 0);
    await crashing.send('photos', 'last-chunk', source, 1);
    crashing.arm();
    void crashing.send('photos', 'last-chunk', source, 2);
    await crashing.reached;
    const second = await restart();
    expect((await fileState(second, 'photos', 'last-chunk')).model).toMatchObject({ chunksUploaded: 2, chunksTotal: 3, signature: '' });
    await expectNothingHalfThere(second);
    const resumed = await second.app.services.storage.files.receive(ADMIN, 'photos', await spooled(second, source, 2, 'last-chunk'));
    expect(resumed).toMatchObject({ chunksUploaded: 3, signature: md5(source) });
    expect((await fileState(second, 'photos', 'last-chunk')).md5).toBe(md5(source));
  });

  for (const step of ['joinChunks', 'place', 'removeChunks'] as const) {
    it(`during assembly, after ${step}: the start-up sweep finishes the file, whole (sealed bucket too)`, async () => {
      const first = await start();
      const crashing = await crashingStorage(first, step);
      for (const [bucketId, bytes] of [['photos', source], ['sealed', sealedSource]] as const) {
        const chunks = Math.ceil(bytes.length / CHUNK_SIZE);
        for (let index = 0; index < chunks - 1; index++) await crashing.send(bucketId, `assembly-${step}`, bytes, index);
      }
      crashing.arm();
      void crashing.send('photos', `assembly-${step}`, source, 2);
      await crashing.reached;
      const sealedCrash = await crashingStorage(first, step);
      sealedCrash.arm();
      void sealedCrash.send('sealed', `assembly-${step}`, sealedSource, 1);
      await sealedCrash.reached;

      const second = await restart();
      expect(await fileState(second, 'photos', `assembly-${step}`)).toMatchObject({ status: 200, md5: md5(source) });
      expect(await fileState(second, 'sealed', `assembly-${step}`)).toMatchObject({ status: 200, md5: md5(sealedSource) });
      await expectNothingHalfThere(second);
    });
  }

  it('a deletion stopped after its record was marked: the file is gone for readers at once, and wholly after the start-up sweep', async () => {
    const first = await start();
    const crashing = await crashingStorage(first, 'delete');
    const small = randomContent(1000);
    await crashing.send('photos', 'deleted', small, 0);
    crashing.arm();
    void crashing.files.delete(ADMIN, 'photos', 'deleted');
    await crashing.reached;
    expect((await fileState(first, 'photos', 'deleted')).status).toBe(404);
    const second = await restart();
    expect((await fileState(second, 'photos', 'deleted')).status).toBe(404);
    await expectNothingHalfThere(second);
  });

  it('spooled request bodies and staged files of a process that died are removed at start-up; a live one keeps its own', async () => {
    const first = await start();
    const dead = join(first.dataDir, 'tmp', DEAD_SCRATCH);
    await mkdir(dead, { recursive: true });
    writeFileSync(join(dead, 'upload-half-received'), 'partial multipart body');
    writeFileSync(join(dead, 'joined-0123456789abcdef'), 'a staged file');
    writeFileSync(join(first.app.services.storage.uploadTempDir, 'upload-in-flight'), 'a body this process is receiving');
    const report = await first.app.services.storage.sweep();
    expect(report.scratchFolders).toBe(1);
    expect((await storeProblems({ engine, ...crash!.storage, schemaFile: TEST_SCHEMA })).map((found) => found.problem)).toEqual([expect.stringContaining('upload-in-flight')]);
  });
});

/** A chunk of `source` spooled into the server's own scratch folder, as a request would leave it. */
async function spooled(server: TestServer, source: Uint8Array, index: number, fileId: string) {
  const { bytes, range } = chunkOf(source as Uint8Array<ArrayBuffer>, index);
  const tempPath = join(server.app.services.storage.uploadTempDir, `resend-${index}`);
  writeFileSync(tempPath, bytes);
  return { fileId, filename: `${fileId}.bin`, tempPath, size: bytes.length, permissions: undefined, contentRange: `bytes ${range.start}-${range.end}/${range.total}`, uploadId: fileId };
}
