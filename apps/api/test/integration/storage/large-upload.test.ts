// Large uploads: a 200 MB file goes through in 5 MiB chunks without the server holding it in
// memory (the server runs in its own process, so only its memory is measured), and uploads that
// stop half-way are never listed and are swept away with their chunks.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/scenario.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';
import { CHUNK_SIZE, chunkOf, postFilePart, randomContent } from '../../support/upload-http.ts';

const MB = 1_000_000;
const FILE_SIZE = 200 * MB;
const CHUNKS = Math.ceil(FILE_SIZE / CHUNK_SIZE);
const operator = { 'x-appwrite-key': TEST_API_KEY };

/** Chunk `index` of the 200 MB file: one random block, stamped with the chunk's index so that no two chunks are alike. */
function makeChunks(): (index: number) => Uint8Array<ArrayBuffer> {
  const block = randomFillSync(new Uint8Array(CHUNK_SIZE));
  return (index) => {
    const length = Math.min(CHUNK_SIZE, FILE_SIZE - index * CHUNK_SIZE);
    const chunk = block.slice(0, length);
    new DataView(chunk.buffer).setUint32(0, index);
    return chunk;
  };
}

interface ChildServer {
  endpoint: string;
  dataDir: string;
  pid: number;
  /** What the server process has written to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

async function startChildServer(): Promise<ChildServer> {
  const script = fileURLToPath(new URL('../../support/child-server.ts', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [script, 'sqlite'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (data: Buffer) => {
    stderr += data.toString();
    process.stderr.write(data);
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the server process exited with ${code} before listening`)));
  });
  const { endpoint, dataDir } = JSON.parse(firstLine) as { endpoint: string; dataDir: string };
  return {
    endpoint,
    dataDir,
    pid: child.pid!,
    stderr: () => stderr,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The resident set of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

/** Samples a process's RSS every 20 ms until stopped; returns the peak. */
function sampleResident(pid: number): { stop(): number } {
  let peak = residentBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, residentBytes(pid));
    },
  };
}

async function json(response: Response): Promise<any> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text);
}

describe.skipIf(process.platform !== 'linux')('a 200 MB upload [sqlite, server in a child process]', () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer();
  }, 60_000);
  afterAll(() => server?.stop());

  it('a 200 MB file uploads in chunks with constant server memory, and downloads the same', async () => {
    const chunk = makeChunks();
    // Warm up what a first upload and download load lazily (the multipart parser, the type sniffer, the stream paths).
    const warmUpBytes = randomContent(CHUNK_SIZE + 10);
    for (const index of [0, 1]) {
      await json(await postFilePart(server.endpoint, 'photos', { fileId: 'warm-up', name: 'warm-up.bin', ...chunkOf(warmUpBytes, index), headers: operator, ...(index ? { uploadId: 'warm-up' } : {}) }));
    }
    await (await fetch(`${server.endpoint}/storage/buckets/photos/files/warm-up/download?project=${TEST_PROJECT}`, { headers: operator })).arrayBuffer();
    const baseline = residentBytes(server.pid);

    const started = Date.now();
    const sampler = sampleResident(server.pid);
    const md5 = createHash('md5');
    const send = (index: number, uploadId?: string) => {
      const bytes = chunk(index);
      const start = index * CHUNK_SIZE;
      return postFilePart(server.endpoint, 'photos', {
        fileId: 'election-night', name: 'election-night.mp4', bytes, range: { start, end: start + bytes.length - 1, total: FILE_SIZE }, headers: operator, ...(uploadId ? { uploadId } : {}),
      });
    };
    // As SDK 28 sends them: chunk 0 alone, then the rest with eight in flight.
    let last = await json(await send(0));
    let next = 1;
    const worker = async () => {
      while (next < CHUNKS) {
        const model = await json(await send(next++, 'election-night'));
        if (model.chunksUploaded === CHUNKS) last = model;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const uploadPeak = sampler.stop();
    const uploadSeconds = (Date.now() - started) / 1000;
    for (let index = 0; index < CHUNKS; index++) md5.update(chunk(index));
    const expected = md5.digest('hex');
    expect(last).toMatchObject({ $id: 'election-night', sizeOriginal: FILE_SIZE, chunksTotal: CHUNKS, chunksUploaded: CHUNKS, signature: expected });

    const downloadSampler = sampleResident(server.pid);
    const response = await fetch(`${server.endpoint}/storage/buckets/photos/files/election-night/download?project=${TEST_PROJECT}`, { headers: operator });
    const downloaded = createHash('md5');
    let size = 0;
    for await (const part of response.body!) {
      downloaded.update(part);
      size += part.length;
    }
    const downloadPeak = downloadSampler.stop();
    expect({ status: response.status, size, md5: downloaded.digest('hex') }).toEqual({ status: 200, size: FILE_SIZE, md5: expected });

    const grewBy = { upload: Math.round((uploadPeak - baseline) / MB), download: Math.round((downloadPeak - baseline) / MB) };
    console.info(`200 MB upload: ${uploadSeconds.toFixed(1)} s; server RSS ${Math.round(baseline / MB)} MB after start, +${grewBy.upload} MB at most while uploading, +${grewBy.download} MB while downloading`);
    // Half the file at most. What growth there is, is freed buffers waiting for the collector (V8 lets
    // some 64 MB of them pile up before it collects): 50–70 MB here whatever the file's size.
    expect(grewBy.upload).toBeLessThan(100);
    expect(grewBy.download).toBeLessThan(100);
    // Nothing for the operator to worry about in the server's log (such as listeners piling up per chunk while assembling).
    expect(server.stderr()).toBe('');
  }, 120_000);

  it('an upload that stopped after 3 of its 40 chunks is not listed, but says where to resume', async () => {
    const chunk = makeChunks();
    for (let index = 0; index < 3; index++) {
      const start = index * CHUNK_SIZE;
      const bytes = chunk(index);
      await json(await postFilePart(server.endpoint, 'photos', { fileId: 'stopped', name: 'stopped.mp4', bytes, range: { start, end: start + CHUNK_SIZE - 1, total: FILE_SIZE }, headers: operator, ...(index ? { uploadId: 'stopped' } : {}) }));
    }
    const list = await json(await fetch(`${server.endpoint}/storage/buckets/photos/files?project=${TEST_PROJECT}`, { headers: operator }));
    expect(list.files.map((file: { $id: string }) => file.$id)).toEqual(['warm-up', 'election-night']);
    expect(list.total).toBe(2);
    const stopped = await json(await fetch(`${server.endpoint}/storage/buckets/photos/files/stopped?project=${TEST_PROJECT}`, { headers: operator }));
    expect(stopped).toMatchObject({ chunksTotal: CHUNKS, chunksUploaded: 3, signature: '', sizeOriginal: FILE_SIZE });
  }, 60_000);
});

describeEachEngine('abandoned uploads are swept', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, env: { ABUSE_LIMITS: 'disabled' } });
  });
  afterAll(() => server?.close());

  it('sweepAbandonedUploads removes uploads untouched since the cut-off, with their chunks, and nothing else', async () => {
    const source = randomContent(3 * CHUNK_SIZE + 1);
    for (const index of [0, 2]) {
      await json(await postFilePart(server.endpoint, 'photos', { fileId: 'abandoned', name: 'abandoned.bin', ...chunkOf(source, index), headers: operator, ...(index ? { uploadId: 'abandoned' } : {}) }));
    }
    await json(await postFilePart(server.endpoint, 'photos', { fileId: 'kept', name: 'kept.txt', bytes: new TextEncoder().encode('kept'), headers: operator }));
    const chunkDir = join(server.dataDir, 'storage', 'chunks', 'photos', 'abandoned');
    expect(readdirSync(chunkDir).sort()).toEqual(['0', '2']);
    const { files } = server.app.services.storage;
    const get = (fileId: string) => fetch(`${server.endpoint}/storage/buckets/photos/files/${fileId}?project=${TEST_PROJECT}`, { headers: operator });

    // Touched within the last minute: not abandoned yet.
    expect(await files.sweepAbandonedUploads(new Date(Date.now() - 60_000))).toBe(0);
    expect((await get('abandoned')).status).toBe(200);
    expect(existsSync(chunkDir)).toBe(true);

    expect(await files.sweepAbandonedUploads(new Date(Date.now() + 1000))).toBe(1);
    expect((await get('abandoned')).status).toBe(404);
    expect(existsSync(chunkDir)).toBe(false);
    expect((await get('kept')).status).toBe(200);

    // The id is free again, and nothing of the old attempt counts towards a new one.
    const again = await json(await postFilePart(server.endpoint, 'photos', { fileId: 'abandoned', name: 'abandoned.bin', ...chunkOf(source, 0), headers: operator }));
    expect(again).toMatchObject({ chunksUploaded: 1, chunksTotal: 4 });
  });
});
