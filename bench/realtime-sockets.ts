/**
 * The client side of bench/realtime.ts: many `ws` sockets opened with bounded concurrency, and
 * the time each one receives each benchmark event (found by its document id in the raw frame, so
 * the 1,000 receipts of one event cost no JSON parsing in the measuring process).
 */
import { execSync, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/** Events are documents with ids `<prefix><n>`; a frame's id is read up to the closing quote. */
export const EVENT_ID_PREFIX = 'rtb';
const ID_PATTERN = new RegExp(`"\\$id":"(${EVENT_ID_PREFIX}[A-Za-z0-9_-]*)"`);

/** Receipt times (performance.now()) per event id, over all sockets of the run. */
export class Receipts {
  private readonly times = new Map<string, number[]>();
  /** The first frame of each event, as received (the floor sends the same bytes). */
  private readonly frames = new Map<string, string>();
  private readonly waiters = new Map<string, { count: number; wake: () => void }>();

  record(raw: string, at: number): void {
    const id = ID_PATTERN.exec(raw)?.[1];
    if (!id) return;
    let list = this.times.get(id);
    if (!list) {
      this.times.set(id, (list = []));
      this.frames.set(id, raw);
    }
    list.push(at);
    const waiter = this.waiters.get(id);
    if (waiter && list.length >= waiter.count) {
      this.waiters.delete(id);
      waiter.wake();
    }
  }

  frameOf(id: string): string {
    const frame = this.frames.get(id);
    if (frame === undefined) throw new Error(`no frame received for ${id}`);
    return frame;
  }

  of(id: string): number[] {
    return this.times.get(id) ?? [];
  }

  /** Resolves once `count` sockets received event `id`; rejects after `timeoutMs` with how many did. */
  waitFor(id: string, count: number, timeoutMs: number): Promise<void> {
    if (this.of(id).length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        reject(new Error(`event ${id}: ${this.of(id).length} of ${count} sockets received it within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.set(id, { count, wake: () => (clearTimeout(timer), resolve()) });
    });
  }
}

export interface OpenedSockets {
  sockets: WebSocket[];
  /** Wall time from the first handshake to the last socket's first frame (`connected`). */
  openMs: number;
  close(): Promise<void>;
}

/**
 * Opens `count` sockets to `urlOf(index)`, at most `parallel` handshakes at once; a socket counts
 * as open at its first frame (`connected` from our server, immediately for the bare floor).
 */
export async function openSockets(count: number, urlOf: (index: number) => string, receipts: Receipts, parallel = 200, waitForFirstFrame = true): Promise<OpenedSockets> {
  const sockets: WebSocket[] = new Array(count);
  const started = performance.now();
  let next = 0;
  const openOne = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(urlOf(index), { perMessageDeflate: false });
      sockets[index] = ws;
      let settled = false;
      const done = (error?: Error) => {
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve();
      };
      ws.on('message', (data: WebSocket.RawData) => {
        const at = performance.now();
        done();
        receipts.record(data.toString(), at);
      });
      ws.on('open', () => {
        if (!waitForFirstFrame) done();
      });
      ws.on('error', (error) => done(error));
      ws.on('close', (code) => done(new Error(`socket ${index} closed with ${code} before it was connected`)));
    });
  const worker = async () => {
    while (next < count) await openOne(next++);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  const openMs = performance.now() - started;
  return {
    sockets,
    openMs,
    close: async () => {
      await Promise.all(
        sockets.map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === WebSocket.CLOSED) return resolve();
              ws.once('close', () => resolve());
              ws.terminate();
            }),
        ),
      );
    },
  };
}

/**
 * Two sockets per held connection (the client's and the server's) plus some headroom must fit in
 * the soft descriptor limit; when they do not and the hard limit allows, the process runs again
 * under `ulimit -n` (children inherit it). Returns false when the caller should exit (the
 * re-executed copy did the work).
 */
export function ensureDescriptors(needed: number): boolean {
  const soft = Number(execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim());
  if (!Number.isFinite(soft) || soft >= needed) return true;
  const hardText = execSync('ulimit -Hn', { shell: '/bin/sh', encoding: 'utf8' }).trim();
  const hard = hardText === 'unlimited' ? Infinity : Number(hardText);
  if (hard < needed) throw new Error(`need ${needed} file descriptors, the hard limit is ${hard}: raise it (ulimit -Hn) or pass fewer --sockets`);
  if (process.env['BENCH_ULIMIT_RAISED']) throw new Error(`ulimit -n ${needed} did not take (soft limit ${soft})`);
  const child = spawnSync('/bin/sh', ['-c', `ulimit -n ${needed} && exec "$@"`, 'sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_ULIMIT_RAISED: '1' },
  });
  process.exitCode = child.status ?? 1;
  return false;
}
