/**
 * Realtime benchmark (issue 14), against real server processes (bench/servers/ours.ts):
 *  (a) idle sockets held by one process: resident and heap bytes per socket, time to open them;
 *      then an event on a channel only `--indexed` of them subscribed to (the channel index's case);
 *  (b) fan-out of one document write (API key) to `--fanout` subscribed sockets: time from just
 *      before the write and from its response to each socket's receipt, on one process, and on
 *      PostgreSQL + Redis with the sockets split across two processes;
 *  (c) the floor: a bare `ws` server (bench/servers/raw-ws.ts) sending the same frame to as many
 *      sockets, measured the same way.
 *
 * `npx node bench/realtime.ts [--sockets 10000] [--fanout 1000] [--events 30] [--indexed 100]
 * [--engines sqlite,postgres]`, or `npm run bench -- --realtime`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer, type ServerChild } from './children.ts';
import { REPO_ROOT } from './prepare.ts';
import { ensureDescriptors, EVENT_ID_PREFIX, openSockets, Receipts, type OpenedSockets } from './realtime-sockets.ts';
import { table } from './report.ts';

export interface RealtimeBenchOptions {
  sockets: number;
  fanout: number;
  events: number;
  indexed: number;
  engines: ('sqlite' | 'postgres')[];
  postgresUrl: string;
  redisUrl: string;
  log(line: string): void;
}

export const REALTIME_BENCH_DEFAULTS = {
  sockets: 10_000,
  fanout: 1_000,
  events: 30,
  indexed: 100,
  engines: ['sqlite', 'postgres'] as ('sqlite' | 'postgres')[],
  postgresUrl: process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379',
};

const COLLECTION_CHANNEL = 'databases.main.collections.parties.documents';
const WARMUP_EVENTS = 3;
const RECEIPT_TIMEOUT_MS = 30_000;
/** Where the document id goes in the frame the floor sends. */
const ID_PLACEHOLDER = '__ID__';

/** Latencies of one measured series, in ms. */
interface Latency {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

interface FanoutFigures {
  label: string;
  sockets: number;
  events: number;
  fromWrite: Latency;
  fromResponse: Latency;
  /** Median over events of the time from the write's start until the last socket had it. */
  lastSocketMs: number;
  writeMs: Latency;
  /** Server CPU (user + system of every server process) per event, writes included. */
  serverCpuMsPerEvent: number;
}

interface IdleFigures {
  engine: string;
  sockets: number;
  openSeconds: number;
  rssBytesPerSocket: number;
  heapBytesPerSocket: number;
  rssBeforeMb: number;
  rssAfterMb: number;
}

export interface RealtimeBenchResult {
  idle: IdleFigures[];
  indexed: FanoutFigures[];
  fanout: FanoutFigures[];
  floor: FanoutFigures;
}

interface ServerMemory {
  memory: NodeJS.MemoryUsage;
  sockets: number;
}

function latency(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { samples: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

function median(values: number[]): number {
  return latency(values).p50;
}

/** user + system CPU ms of a process so far, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const projectId = (JSON.parse(readFileSync(join(REPO_ROOT, 'appwrite.json'), 'utf8')) as { projectId: string }).projectId;

function socketUrl(server: { baseUrl: string }, channel: string): string {
  return `${server.baseUrl.replace('http://', 'ws://')}/v1/realtime?project=${encodeURIComponent(projectId)}&channels%5B%5D=${encodeURIComponent(channel)}`;
}

/** Writes documents through one server and measures when the subscribed sockets receive them. */
class EventWriter {
  private sequence = 0;
  private readonly run = randomBytes(3).toString('hex');
  private readonly server: ServerChild;
  private readonly apiKey: string;

  constructor(server: ServerChild, apiKey: string) {
    this.server = server;
    this.apiKey = apiKey;
  }

  nextId(): string {
    return `${EVENT_ID_PREFIX}${this.run}${(this.sequence++).toString(36)}`;
  }

  /** Creates one party document; returns its id and the times around the request. */
  async write(): Promise<{ id: string; before: number; after: number }> {
    const id = this.nextId();
    const before = performance.now();
    const reply = await fetch(`${this.server.baseUrl}/v1/databases/main/collections/parties/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': projectId, 'x-appwrite-key': this.apiKey },
      body: JSON.stringify({ documentId: id, data: { name: `Realtime bench ${id}`, slug: id, description: 'A party written by bench/realtime.ts to time the fan-out of its event.' } }),
    });
    const after = performance.now();
    if (reply.status !== 201) throw new Error(`writing ${id}: ${reply.status} ${await reply.text()}`);
    await reply.arrayBuffer();
    return { id, before, after };
  }
}

/** Sends `events` events (after warm-up ones) one at a time, each after every socket had the previous one. */
async function measureFanout(label: string, expected: number, events: number, receipts: Receipts, send: () => Promise<{ id: string; before: number; after: number }>, pids: number[]): Promise<FanoutFigures> {
  for (let warm = 0; warm < WARMUP_EVENTS; warm++) {
    const { id } = await send();
    await receipts.waitFor(id, expected, RECEIPT_TIMEOUT_MS);
  }
  const fromWrite: number[] = [];
  const fromResponse: number[] = [];
  const writes: number[] = [];
  const last: number[] = [];
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  for (let index = 0; index < events; index++) {
    const { id, before, after } = await send();
    await receipts.waitFor(id, expected, RECEIPT_TIMEOUT_MS);
    const times = receipts.of(id);
    if (times.length !== expected) throw new Error(`event ${id}: ${times.length} receipts for ${expected} sockets`);
    for (const at of times) {
      fromWrite.push(at - before);
      fromResponse.push(at - after);
    }
    writes.push(after - before);
    last.push(Math.max(...times) - before);
  }
  const cpuAfter = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  return {
    label,
    sockets: expected,
    events,
    fromWrite: latency(fromWrite),
    fromResponse: latency(fromResponse),
    lastSocketMs: median(last),
    writeMs: latency(writes),
    serverCpuMsPerEvent: (cpuAfter - cpuBefore) / events,
  };
}

async function memoryOf(server: ServerChild): Promise<ServerMemory> {
  return server.ask<ServerMemory>('memory', 'memory');
}

async function startOurs(dataDir: string, settings: Record<string, string>): Promise<ServerChild> {
  return startServer('ours', join(REPO_ROOT, 'bench/servers/ours.ts'), [dataDir, JSON.stringify(settings)], ['--expose-gc']);
}

export async function runRealtimeBench(options: RealtimeBenchOptions): Promise<RealtimeBenchResult> {
  const { log } = options;
  const apiKey = randomBytes(24).toString('hex');
  const common = { API_KEY: apiKey, PROJECT_ID: projectId, REALTIME_CONNECTIONS_PER_IP: '1000000', ACCESS_LOG: 'off' };
  const receipts = new Receipts();
  const result: RealtimeBenchResult = { idle: [], indexed: [], fanout: [], floor: undefined as unknown as FanoutFigures };
  const scratch = mkdtempSync(join(tmpdir(), 'ballot-atlas-rt-bench-'));
  let sampleFrame = '';
  let open: OpenedSockets[] = [];
  const closeAll = async () => {
    await Promise.all(open.map((sockets) => sockets.close()));
    open = [];
  };

  try {
    if (options.engines.includes('sqlite')) {
      log(`\n### SQLite, one process`);
      const server = await startOurs(join(scratch, 'sqlite'), common);
      try {
        const writer = new EventWriter(server, apiKey);
        // (a) idle sockets, each on a channel of its own (a document nobody writes).
        const before = await memoryOf(server);
        const idle = await openSockets(options.sockets, (index) => socketUrl(server, `${COLLECTION_CHANNEL}.idle${index}`), receipts);
        open.push(idle);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const after = await memoryOf(server);
        if (after.sockets !== options.sockets) throw new Error(`the server holds ${after.sockets} sockets, expected ${options.sockets}`);
        const figures: IdleFigures = {
          engine: 'SQLite',
          sockets: options.sockets,
          openSeconds: idle.openMs / 1000,
          rssBytesPerSocket: (after.memory.rss - before.memory.rss) / options.sockets,
          heapBytesPerSocket: (after.memory.heapUsed - before.memory.heapUsed) / options.sockets,
          rssBeforeMb: before.memory.rss / 2 ** 20,
          rssAfterMb: after.memory.rss / 2 ** 20,
        };
        result.idle.push(figures);
        log(`  (a) ${options.sockets} idle sockets open in ${figures.openSeconds.toFixed(1)} s; RSS ${figures.rssBeforeMb.toFixed(0)} → ${figures.rssAfterMb.toFixed(0)} MiB (${(figures.rssBytesPerSocket / 1024).toFixed(1)} KiB/socket), heap ${(figures.heapBytesPerSocket / 1024).toFixed(1)} KiB/socket`);

        // The index's case: a few subscribed sockets among many idle ones.
        const few = await openSockets(options.indexed, () => socketUrl(server, COLLECTION_CHANNEL), receipts);
        open.push(few);
        const indexed = await measureFanout(`${options.indexed} subscribed among ${options.sockets + options.indexed}`, options.indexed, options.events, receipts, () => writer.write(), [server.pid]);
        result.indexed.push(indexed);
        log(`  index case: ${describe(indexed)}`);
        const alone = await (async () => {
          await idle.close();
          open = [few];
          // The server must be done closing the idle sockets, or their teardown is counted.
          while ((await memoryOf(server)).sockets > options.indexed) await new Promise((resolve) => setTimeout(resolve, 100));
          await new Promise((resolve) => setTimeout(resolve, 500));
          return measureFanout(`${options.indexed} subscribed, alone`, options.indexed, options.events, receipts, () => writer.write(), [server.pid]);
        })();
        result.indexed.push(alone);
        log(`  same without the idle sockets: ${describe(alone)}`);
        await closeAll();

        // (b) fan-out to many subscribed sockets on one process.
        open.push(await openSockets(options.fanout, () => socketUrl(server, COLLECTION_CHANNEL), receipts));
        const fanout = await measureFanout(`SQLite, 1 process, ${options.fanout} sockets`, options.fanout, options.events, receipts, () => writer.write(), [server.pid]);
        result.fanout.push(fanout);
        log(`  (b) ${describe(fanout)}`);
        const { id } = await writer.write();
        await receipts.waitFor(id, options.fanout, RECEIPT_TIMEOUT_MS);
        sampleFrame = receipts.frameOf(id).split(id).join(ID_PLACEHOLDER);
        await closeAll();
      } finally {
        await closeAll();
        await server.stop();
      }
    }

    if (options.engines.includes('postgres')) {
      log(`\n### PostgreSQL + Redis, two processes`);
      const schema = `rt_bench_${randomBytes(4).toString('hex')}`;
      const settings = { ...common, DATABASE_URL: options.postgresUrl, DATABASE_SCHEMA: schema, REDIS_URL: options.redisUrl };
      const dataDir = join(scratch, 'postgres');
      // One after the other: the first creates the schema the second finds.
      const first = await startOurs(dataDir, settings);
      const second = await startOurs(dataDir, settings).catch(async (error: unknown) => {
        await first.stop();
        throw error;
      });
      try {
        const writer = new EventWriter(first, apiKey);
        open.push(await openSockets(options.fanout, () => socketUrl(first, COLLECTION_CHANNEL), receipts));
        const one = await measureFanout(`PostgreSQL, 1 process, ${options.fanout} sockets`, options.fanout, options.events, receipts, () => writer.write(), [first.pid, second.pid]);
        result.fanout.push(one);
        log(`  (b) one process: ${describe(one)}`);
        await closeAll();
        const half = Math.floor(options.fanout / 2);
        open.push(await openSockets(half, () => socketUrl(first, COLLECTION_CHANNEL), receipts));
        open.push(await openSockets(options.fanout - half, () => socketUrl(second, COLLECTION_CHANNEL), receipts));
        const split = await measureFanout(`PostgreSQL + Redis, 2 processes, ${half} + ${options.fanout - half} sockets (write through the first)`, options.fanout, options.events, receipts, () => writer.write(), [first.pid, second.pid]);
        result.fanout.push(split);
        log(`  (b) split over two processes: ${describe(split)}`);
        if (!sampleFrame) {
          const { id } = await writer.write();
          await receipts.waitFor(id, options.fanout, RECEIPT_TIMEOUT_MS);
          sampleFrame = receipts.frameOf(id).split(id).join(ID_PLACEHOLDER);
        }
        await closeAll();
      } finally {
        await closeAll();
        await Promise.all([first.stop(), second.stop()]);
        const client = new pg.Client({ connectionString: options.postgresUrl });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
    }

    // (c) the floor: the same bytes from a bare ws server.
    log(`\n### Floor: bare ws server`);
    const raw = await startServer('raw-ws', join(REPO_ROOT, 'bench/servers/raw-ws.ts'), []);
    try {
      const template = (id: string) => sampleFrame.split(ID_PLACEHOLDER).join(id);
      const floorWriter = new EventWriter(raw, apiKey);
      open.push(await openSockets(options.fanout, () => `${raw.baseUrl.replace('http://', 'ws://')}/`, receipts, 200, false));
      const send = async () => {
        const id = floorWriter.nextId();
        const before = performance.now();
        const reply = await fetch(`${raw.baseUrl}/broadcast`, { method: 'POST', body: template(id) });
        const after = performance.now();
        if (reply.status !== 204) throw new Error(`floor broadcast: ${reply.status}`);
        return { id, before, after };
      };
      result.floor = await measureFanout(`bare ws, 1 process, ${options.fanout} sockets`, options.fanout, options.events, receipts, send, [raw.pid]);
      log(`  (c) ${describe(result.floor)} (frame of ${Buffer.byteLength(sampleFrame)} bytes)`);
    } finally {
      await closeAll();
      await raw.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  log(report(result, options));
  return result;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

function describe(figures: FanoutFigures): string {
  return `${figures.events} events × ${figures.sockets} sockets: from the write p50 ${ms(figures.fromWrite.p50)} p99 ${ms(figures.fromWrite.p99)} max ${ms(figures.fromWrite.max)}; from the response p50 ${ms(figures.fromResponse.p50)} p99 ${ms(figures.fromResponse.p99)}; last socket ${ms(figures.lastSocketMs)}; server CPU ${ms(figures.serverCpuMsPerEvent)}/event`;
}

function report(result: RealtimeBenchResult, options: RealtimeBenchOptions): string {
  const floor = result.floor;
  const rows = [...result.fanout, floor].map((figures) => [
    figures.label,
    ms(figures.writeMs.p50),
    `${ms(figures.fromWrite.p50)} / ${ms(figures.fromWrite.p99)} / ${ms(figures.fromWrite.max)}`,
    `${ms(figures.fromResponse.p50)} / ${ms(figures.fromResponse.p99)} / ${ms(figures.fromResponse.max)}`,
    ms(figures.lastSocketMs),
    (figures.lastSocketMs / floor.lastSocketMs).toFixed(1),
    ms(figures.serverCpuMsPerEvent),
  ]);
  const idle = result.idle.map((figures) => [figures.engine, String(figures.sockets), `${figures.openSeconds.toFixed(1)} s`, `${(figures.rssBytesPerSocket / 1024).toFixed(1)} KiB`, `${(figures.heapBytesPerSocket / 1024).toFixed(1)} KiB`, `${figures.rssBeforeMb.toFixed(0)} → ${figures.rssAfterMb.toFixed(0)} MiB`]);
  const indexed = result.indexed.map((figures) => [figures.label, `${ms(figures.fromWrite.p50)} / ${ms(figures.fromWrite.p99)}`, ms(figures.lastSocketMs), ms(figures.serverCpuMsPerEvent)]);
  return [
    `\n## realtime (${options.events} measured events after ${WARMUP_EVENTS} warm-up ones; ${new Date().toUTCString()}; ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; load ${loadavg()[0]!.toFixed(1)})\n`,
    table(['(a) idle sockets', 'sockets', 'time to open', 'RSS/socket', 'heap/socket', 'server RSS'], idle),
    '',
    table(['index case', 'from write p50 / p99', 'last socket (median)', 'server CPU/event'], indexed),
    '',
    table(['(b) fan-out', 'write p50', 'from write p50 / p99 / max', 'from response p50 / p99 / max', 'last socket (median)', '× floor (last socket)', 'server CPU/event'], rows),
  ].join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      sockets: { type: 'string', default: String(REALTIME_BENCH_DEFAULTS.sockets) },
      fanout: { type: 'string', default: String(REALTIME_BENCH_DEFAULTS.fanout) },
      events: { type: 'string', default: String(REALTIME_BENCH_DEFAULTS.events) },
      indexed: { type: 'string', default: String(REALTIME_BENCH_DEFAULTS.indexed) },
      engines: { type: 'string', default: REALTIME_BENCH_DEFAULTS.engines.join(',') },
    },
  });
  const options = realtimeOptions(values);
  if (ensureDescriptors(options.sockets + options.fanout + 1_024)) await runRealtimeBench(options);
}

/** Options from the command line's strings (bench/realtime.ts alone, or bench/run.ts --realtime). */
export function realtimeOptions(values: { sockets?: string; fanout?: string; events?: string; indexed?: string; engines?: string }, log: (line: string) => void = console.log): RealtimeBenchOptions {
  const count = (name: string, text: string | undefined, fallback: number) => {
    const value = text === undefined ? fallback : Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
    return value;
  };
  const engines = (values.engines ?? REALTIME_BENCH_DEFAULTS.engines.join(',')).split(',').map((engine) => engine.trim());
  for (const engine of engines) if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`--engines: unknown engine "${engine}"`);
  return {
    ...REALTIME_BENCH_DEFAULTS,
    sockets: count('sockets', values.sockets, REALTIME_BENCH_DEFAULTS.sockets),
    fanout: count('fanout', values.fanout, REALTIME_BENCH_DEFAULTS.fanout),
    events: count('events', values.events, REALTIME_BENCH_DEFAULTS.events),
    indexed: count('indexed', values.indexed, REALTIME_BENCH_DEFAULTS.indexed),
    engines: engines as ('sqlite' | 'postgres')[],
    log,
  };
}
