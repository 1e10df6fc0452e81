/**
 * Storage benchmark, ours against a raw baseline in the same run (the machine is noisy):
 *  - upload: a 100 MB file in 5 MiB chunks, one chunk at a time (as SDK 17) and chunk 0 then eight in
 *    flight (as SDK 28), through our API and through bench/servers/storage-raw.ts, which only streams
 *    each request to disk. Throughput in MB/s and server CPU per 100 MB.
 *  - preview: a 2000×1500 JPEG to a 400×300 WebP, cold (cache emptied before each request) and cached
 *    (repeat), against raw node:http + sharp rendering the same, and raw sending the same bytes from a file.
 *
 * `npx node bench/storage.ts [--rounds 3] [--size-mb 100] [--previews 20]`, or `npm run bench -- --storage`.
 * `npx node bench/storage.ts --s3 [--rounds 3] [--size-mb 20.97] [--previews 20] [--cached-seconds 5]`: our
 * API on disk against our API on S3 (s3rver) instead of raw (runStorageS3Bench below).
 */
import { createHash, randomFillSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startServer, type ServerChild } from './children.ts';
import { cpuSeconds, processTree, runLoad, treeCpuSeconds } from './load.ts';
import type { LoadResult } from './load-result.ts';
import { table } from './report.ts';

const CHUNK_SIZE = 5 * 1024 * 1024;
const MB = 1_000_000;
const HEADERS = { 'x-appwrite-project': 'bench-storage' };
const FILES = '/v1/storage/buckets/uploads/files';

export interface StorageBenchOptions {
  rounds: number;
  /** Upload size in MB (10^6 bytes). */
  sizeMb: number;
  /** Timed requests per preview measurement. */
  previews: number;
  log(line: string): void;
}

type Mode = 'one at a time' | '8 in flight';

export interface UploadFigures {
  mode: Mode;
  oursMBps: number[];
  rawMBps: number[];
  /** Server CPU seconds per upload, per round. */
  oursCpu: number[];
  rawCpu: number[];
}

export interface PreviewFigures {
  oursColdMs: number;
  rawColdMs: number;
  oursCachedMs: number;
  rawCachedMs: number;
  ours304Ms: number;
}

export interface StorageBenchResult {
  uploads: UploadFigures[];
  preview: PreviewFigures;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function postChunk(server: ServerChild, source: Uint8Array<ArrayBuffer>, index: number, uploadId?: string): Promise<{ $id: string; chunksUploaded?: number; chunksTotal?: number; signature?: string }> {
  const start = index * CHUNK_SIZE;
  const end = Math.min(start + CHUNK_SIZE, source.length);
  const form = new FormData();
  form.append('fileId', 'unique()');
  form.append('file', new File([source.subarray(start, end)], 'upload.bin'));
  const headers: Record<string, string> = { ...HEADERS, 'content-range': `bytes ${start}-${end - 1}/${source.length}` };
  if (uploadId) headers['x-appwrite-id'] = uploadId;
  const response = await fetch(`${server.baseUrl}${FILES}`, { method: 'POST', headers, body: form });
  if (response.status !== 201) throw new Error(`${server.name}: chunk ${index} answered ${response.status} ${await response.text()}`);
  return (await response.json()) as { $id: string };
}

/** Uploads `source` in chunks; returns the wall time, the server's CPU time and the response that completed the file. */
async function upload(server: ServerChild, source: Uint8Array<ArrayBuffer>, mode: Mode): Promise<{ seconds: number; cpu: number; id: string; final: { signature?: string; chunksUploaded?: number } }> {
  const chunks = Math.ceil(source.length / CHUNK_SIZE);
  const cpuBefore = cpuSeconds(server.pid) ?? 0;
  const started = performance.now();
  const first = await postChunk(server, source, 0);
  let final = first;
  const track = (response: typeof first) => {
    if (response.chunksTotal === undefined || response.chunksUploaded === response.chunksTotal) final = response;
  };
  if (mode === 'one at a time') {
    for (let index = 1; index < chunks; index++) track(await postChunk(server, source, index, first.$id));
  } else {
    let next = 1;
    const worker = async () => {
      while (next < chunks) track(await postChunk(server, source, next++, first.$id));
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = (cpuSeconds(server.pid) ?? 0) - cpuBefore;
  return { seconds, cpu, id: first.$id, final };
}

async function remove(server: ServerChild, id: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}${FILES}/${id}`, { method: 'DELETE', headers: HEADERS });
  if (response.status !== 204) throw new Error(`${server.name}: delete answered ${response.status}`);
}

async function timeGet(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number; body: Buffer }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { ...HEADERS, ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, body };
}

/** A photo-like 2000 × 1500 JPEG: smooth colour gradients with some grain. */
async function photo(): Promise<Buffer> {
  const width = 2000;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  const grain = randomFillSync(Buffer.alloc(width * height));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const noise = (grain[y * width + x]! % 81) - 40;
      pixels[offset] = Math.max(0, Math.min(255, Math.round((x / width) * 200) + 30 + noise));
      pixels[offset + 1] = Math.max(0, Math.min(255, Math.round((y / height) * 180) + 40 + noise));
      pixels[offset + 2] = Math.max(0, Math.min(255, Math.round(128 + 100 * Math.sin((x + y) / 150)) + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

export async function runStorageBench(options: StorageBenchOptions): Promise<StorageBenchResult> {
  const { log } = options;
  const root = mkdtempSync(join(tmpdir(), 'ballot-atlas-bench-storage-'));
  const oursDir = join(root, 'ours');
  const rawDir = join(root, 'raw');
  mkdirSync(oursDir);
  mkdirSync(rawDir);
  const benchDir = import.meta.dirname;
  const ours = await startServer('ours', join(benchDir, 'servers/storage-ours.ts'), [oursDir]);
  const raw = await startServer('raw', join(benchDir, 'servers/storage-raw.ts'), [rawDir]);
  try {
    const size = Math.round(options.sizeMb * MB);
    const source = randomFillSync(new Uint8Array(size));
    const md5 = createHash('md5').update(source).digest('hex');
    log(`upload: ${options.sizeMb} MB (${Math.ceil(size / CHUNK_SIZE)} chunks of 5 MiB), ${options.rounds} rounds per mode, ours and raw alternating; data dirs under ${root}`);

    // Warm-up: each server takes a two-chunk file once.
    const warmUp = source.subarray(0, CHUNK_SIZE + 1000);
    for (const server of [ours, raw]) await remove(server, (await upload(server, warmUp, 'one at a time')).id);

    const uploads: UploadFigures[] = [];
    for (const mode of ['one at a time', '8 in flight'] as const) {
      const figures: UploadFigures = { mode, oursMBps: [], rawMBps: [], oursCpu: [], rawCpu: [] };
      for (let round = 0; round < options.rounds; round++) {
        const order: ['ours' | 'raw', ServerChild][] = round % 2 ? [['raw', raw], ['ours', ours]] : [['ours', ours], ['raw', raw]];
        for (const [name, server] of order) {
          const result = await upload(server, source, mode);
          if (name === 'ours' && (result.final.signature !== md5 || result.final.chunksUploaded !== Math.ceil(size / CHUNK_SIZE))) {
            throw new Error(`ours: the upload did not complete with the right md5 (${JSON.stringify(result.final)})`);
          }
          await remove(server, result.id);
          figures[name === 'ours' ? 'oursMBps' : 'rawMBps'].push(size / MB / result.seconds);
          figures[name === 'ours' ? 'oursCpu' : 'rawCpu'].push(result.cpu);
          log(`  ${mode}, round ${round + 1} ${name.padEnd(4)} ${(size / MB / result.seconds).toFixed(1).padStart(6)} MB/s  (${result.seconds.toFixed(2)} s, server CPU ${result.cpu.toFixed(2)} s)`);
        }
      }
      uploads.push(figures);
    }

    // Previews.
    const jpeg = await photo();
    writeFileSync(join(rawDir, 'source.jpg'), jpeg);
    const stored = await upload(ours, new Uint8Array(jpeg), 'one at a time');
    const previewUrl = `${ours.baseUrl}${FILES}/${stored.id}/preview?project=bench-storage&width=400&height=300&output=webp`;
    const cacheDir = join(oursDir, 'cache', 'previews', 'uploads', stored.id);
    const check = await timeGet(previewUrl);
    const metadata = await sharp(check.body).metadata();
    if (check.status !== 200 || metadata.format !== 'webp' || metadata.width !== 400 || metadata.height !== 300) {
      throw new Error(`ours: the preview is not a 400×300 WebP (${check.status}, ${metadata.format} ${metadata.width}×${metadata.height})`);
    }
    log(`preview: ${(jpeg.length / MB).toFixed(2)} MB 2000×1500 JPEG → 400×300 WebP (${(check.body.length / 1000).toFixed(1)} kB), ${options.previews} timed requests each`);
    writeFileSync(join(rawDir, 'preview.webp'), check.body);
    await timeGet(`${raw.baseUrl}/render`);
    const cold = { ours: [] as number[], raw: [] as number[] };
    for (let request = 0; request < options.previews; request++) {
      rmSync(cacheDir, { recursive: true, force: true });
      cold.ours.push((await timeGet(previewUrl)).ms);
      cold.raw.push((await timeGet(`${raw.baseUrl}/render`)).ms);
    }
    const etag = (await fetch(previewUrl, { headers: HEADERS })).headers.get('etag') ?? '';
    const cached = { ours: [] as number[], raw: [] as number[], revalidated: [] as number[] };
    for (let request = 0; request < options.previews; request++) {
      cached.ours.push((await timeGet(previewUrl)).ms);
      cached.raw.push((await timeGet(`${raw.baseUrl}/static`)).ms);
      const revalidated = await timeGet(previewUrl, { 'if-none-match': etag });
      if (revalidated.status !== 304) throw new Error(`ours: If-None-Match answered ${revalidated.status}`);
      cached.revalidated.push(revalidated.ms);
    }
    const preview: PreviewFigures = {
      oursColdMs: median(cold.ours),
      rawColdMs: median(cold.raw),
      oursCachedMs: median(cached.ours),
      rawCachedMs: median(cached.raw),
      ours304Ms: median(cached.revalidated),
    };
    printStorageBench({ uploads, preview }, log);
    return { uploads, preview };
  } finally {
    await ours.stop();
    await raw.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

export interface StorageS3Options {
  rounds: number;
  /** Upload size in MB (10^6 bytes); 20 MiB by default. */
  sizeMb: number;
  /** Timed cold previews per store and round. */
  previews: number;
  /** Seconds of autocannon on the cached preview per store and round. */
  cachedSeconds: number;
  log(line: string): void;
}

export interface StorageS3Result {
  /** MB/s per round, per upload mode, per store. */
  uploads: { mode: Mode; diskMBps: number[]; s3MBps: number[] }[];
  coldMs: { disk: number[]; s3: number[] };
  cached: { disk: LoadResult[]; s3: LoadResult[] };
  /** s3rver's CPU ms per cached preview served from S3, per round. */
  s3rverCpuMs: number[];
}

/**
 * `--s3`: our API on disk against our API on an S3-compatible store (s3rver in its own process,
 * apps/api/test/support/s3-server.ts), same bucket schema and requests, alternating per round:
 * chunked upload, cold preview (the file's previews removed through the cache before each request,
 * so both stores pay the same removal), and cached-preview throughput under autocannon.
 */
export async function runStorageS3Bench(options: StorageS3Options): Promise<StorageS3Result> {
  const { log } = options;
  const { startS3Server } = await import('../apps/api/test/support/s3-server.ts');
  const root = mkdtempSync(join(tmpdir(), 'ballot-atlas-bench-storage-s3-'));
  const before = new Set(processTree(process.pid));
  const s3 = await startS3Server();
  // Its process (started by us), so its CPU per cached preview can be read from /proc.
  const s3rverPid = processTree(process.pid).find((pid) => !before.has(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('s3rver'));
  const script = join(import.meta.dirname, 'servers/storage-ours.ts');
  mkdirSync(join(root, 'disk'));
  mkdirSync(join(root, 's3'));
  const stores = { disk: await startServer('disk', script, [join(root, 'disk')]), s3: await startServer('s3', script, [join(root, 's3'), JSON.stringify(s3.env)]) };
  const names = ['disk', 's3'] as const;
  const ordered = (round: number) => (round % 2 ? [...names].reverse() : names);
  try {
    const size = Math.round(options.sizeMb * MB);
    const source = randomFillSync(new Uint8Array(size));
    const md5 = createHash('md5').update(source).digest('hex');
    log(`storage on S3 vs disk: ${options.sizeMb.toFixed(2)} MB upload (${Math.ceil(size / CHUNK_SIZE)} chunks of 5 MiB), ${options.rounds} rounds, disk and S3 alternating; s3rver at ${s3.storageUrl}`);
    for (const name of names) await remove(stores[name], (await upload(stores[name], source.subarray(0, CHUNK_SIZE + 1000), 'one at a time')).id);
    const uploads: StorageS3Result['uploads'] = [];
    for (const mode of ['one at a time', '8 in flight'] as const) {
      const figures = { mode, diskMBps: [] as number[], s3MBps: [] as number[] };
      for (let round = 0; round < options.rounds; round++) {
        for (const name of ordered(round)) {
          const s3rverBefore = treeCpuSeconds(s3rverPid ?? 0);
          const result = await upload(stores[name], source, mode);
          const s3rverCpu = name === 's3' ? `, s3rver CPU ${(treeCpuSeconds(s3rverPid ?? 0) - s3rverBefore).toFixed(2)} s` : '';
          if (result.final.signature !== md5) throw new Error(`${name}: the upload did not complete with the right md5 (${JSON.stringify(result.final)})`);
          await remove(stores[name], result.id);
          figures[name === 'disk' ? 'diskMBps' : 's3MBps'].push(size / MB / result.seconds);
          log(`  ${mode}, round ${round + 1} ${name.padEnd(4)} ${(size / MB / result.seconds).toFixed(1).padStart(6)} MB/s (${result.seconds.toFixed(2)} s, server CPU ${result.cpu.toFixed(2)} s${s3rverCpu})`);
        }
      }
      uploads.push(figures);
    }

    const jpeg = new Uint8Array(await photo());
    const files = { disk: (await upload(stores.disk, jpeg, 'one at a time')).id, s3: (await upload(stores.s3, jpeg, 'one at a time')).id };
    const previewPath = (name: 'disk' | 's3') => `${FILES}/${files[name]}/preview?project=bench-storage&width=400&height=300&output=webp`;
    const coldMs = { disk: [] as number[], s3: [] as number[] };
    const cached = { disk: [] as LoadResult[], s3: [] as LoadResult[] };
    const s3rverCpuMs: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      for (const name of ordered(round)) {
        const server = stores[name];
        for (let request = 0; request < options.previews; request++) {
          await server.ask(`invalidate-previews:${files[name]}`, 'invalidated');
          const cold = await timeGet(server.baseUrl + previewPath(name));
          if (cold.status !== 200) throw new Error(`${name}: preview answered ${cold.status}`);
          coldMs[name].push(cold.ms);
        }
        const s3rverBefore = s3rverPid ? treeCpuSeconds(s3rverPid) : Number.NaN;
        const load = await runLoad({ baseUrl: server.baseUrl, paths: [previewPath(name)], headers: HEADERS, connections: 10, duration: options.cachedSeconds, pid: server.pid });
        if (load.errors + load.non2xx + load.timeouts) throw new Error(`${name}: ${load.errors + load.non2xx + load.timeouts} cached previews failed`);
        cached[name].push(load);
        if (name === 's3') s3rverCpuMs.push(((treeCpuSeconds(s3rverPid ?? 0) - s3rverBefore) * 1000) / load.requests);
        log(`  preview, round ${round + 1} ${name.padEnd(4)} cold p50 ${median(coldMs[name].slice(-options.previews)).toFixed(1)} ms; cached ${load.rps.toFixed(0)} req/s (p50 ${load.p50} ms, server CPU ${load.cpuMsPerRequest?.toFixed(2) ?? '?'} ms/request)`);
      }
    }
    const result = { uploads, coldMs, cached, s3rverCpuMs };
    printStorageS3Bench(result, log);
    return result;
  } finally {
    await stores.disk.stop();
    await stores.s3.stop();
    await s3.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

export function printStorageS3Bench(result: StorageS3Result, log: (line: string) => void): void {
  const perRound = (a: readonly number[], b: readonly number[]) => a.map((value, index) => (value / b[index]!).toFixed(2)).join(', ');
  const rps = (runs: readonly LoadResult[]) => runs.map((run) => run.rps);
  const cpu = (runs: readonly LoadResult[]) => `${median(runs.map((run) => run.cpuMsPerRequest ?? Number.NaN)).toFixed(2)} ms`;
  log(`\n## storage: S3 (s3rver) vs disk, same run (medians; ratio of medians, per round in brackets)\n`);
  log(
    table(
      ['measure', 'disk', 'S3', 'S3/disk'],
      [
        ...result.uploads.map((figures) => [
          `upload, ${figures.mode} (MB/s)`,
          median(figures.diskMBps).toFixed(1),
          median(figures.s3MBps).toFixed(1),
          `${(median(figures.s3MBps) / median(figures.diskMBps)).toFixed(2)} (${perRound(figures.s3MBps, figures.diskMBps)})`,
        ]),
        ['cold preview p50 (ms)', median(result.coldMs.disk).toFixed(1), median(result.coldMs.s3).toFixed(1), (median(result.coldMs.s3) / median(result.coldMs.disk)).toFixed(2)],
        [
          'cached preview, 10 connections (req/s)',
          median(rps(result.cached.disk)).toFixed(0),
          median(rps(result.cached.s3)).toFixed(0),
          `${(median(rps(result.cached.s3)) / median(rps(result.cached.disk))).toFixed(2)} (${perRound(rps(result.cached.s3), rps(result.cached.disk))})`,
        ],
        ['cached preview, server CPU/request', cpu(result.cached.disk), cpu(result.cached.s3), (median(result.cached.s3.map((run) => run.cpuMsPerRequest ?? Number.NaN)) / median(result.cached.disk.map((run) => run.cpuMsPerRequest ?? Number.NaN))).toFixed(2)],
        ['cached preview, s3rver CPU/request', '–', `${median(result.s3rverCpuMs).toFixed(2)} ms`, '–'],
      ],
    ),
  );
}

export function printStorageBench(result: StorageBenchResult, log: (line: string) => void): void {
  log(`\n## storage: upload throughput (median of rounds; ratio of medians; server CPU per upload, median)\n`);
  log(
    table(
      ['chunks', 'ours MB/s', 'raw MB/s', 'ours/raw', 'per round', 'ours CPU', 'raw CPU'],
      result.uploads.map((figures) => [
        figures.mode,
        median(figures.oursMBps).toFixed(1),
        median(figures.rawMBps).toFixed(1),
        (median(figures.oursMBps) / median(figures.rawMBps)).toFixed(2),
        figures.oursMBps.map((value, index) => (value / figures.rawMBps[index]!).toFixed(2)).join(', '),
        `${median(figures.oursCpu).toFixed(2)} s`,
        `${median(figures.rawCpu).toFixed(2)} s`,
      ]),
    ),
  );
  const { preview } = result;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  log(`\n## storage: preview 2000×1500 JPEG → 400×300 WebP (p50)\n`);
  log(
    table(
      ['request', 'ours', 'raw', 'ours/raw'],
      [
        ['cold (first render)', ms(preview.oursColdMs), `${ms(preview.rawColdMs)} (sharp)`, (preview.oursColdMs / preview.rawColdMs).toFixed(2)],
        ['cached (repeat)', ms(preview.oursCachedMs), `${ms(preview.rawCachedMs)} (static file)`, (preview.oursCachedMs / preview.rawCachedMs).toFixed(2)],
        ['If-None-Match → 304', ms(preview.ours304Ms), '–', '–'],
      ],
    ),
  );
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      'size-mb': { type: 'string', default: '100' },
      previews: { type: 'string', default: '20' },
      s3: { type: 'boolean', default: false },
      'cached-seconds': { type: 'string', default: '5' },
    },
  });
  const log = (line: string) => console.log(line);
  if (values.s3) {
    const sizeMb = values['size-mb'] === '100' ? (20 * 1024 * 1024) / MB : Number(values['size-mb']);
    await runStorageS3Bench({ rounds: Number(values.rounds), sizeMb, previews: Number(values.previews), cachedSeconds: Number(values['cached-seconds']), log });
  } else {
    await runStorageBench({ rounds: Number(values.rounds), sizeMb: Number(values['size-mb']), previews: Number(values.previews), log });
  }
}
