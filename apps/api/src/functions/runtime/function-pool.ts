import type { LoadedFunction } from '../load-functions.ts';
import { ExecutionLogs } from './execution-logs.ts';
import { functionEnvironment, workerKey, type ProjectFacts } from './worker-launch.ts';
import { FunctionWorker, type WorkerOutcome } from './worker-process.ts';

/** The request a function receives. */
export interface ExecutionRequest {
  method: string;
  /** Path with an optional query string, e.g. `/items?page=2`. */
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ExecuteInput {
  fn: LoadedFunction;
  request: ExecutionRequest;
  /** The function's own variables; the `APPWRITE_FUNCTION_*` ones are added (and win). */
  env?: Record<string, string>;
}

export interface ExecutionResult {
  /** `failed` when the function answered 500 or more, or did not answer (threw, timed out, ran out of memory, exited). */
  status: 'completed' | 'failed';
  statusCode: number;
  /** Lower-cased; `content-type` always present. */
  headers: Record<string, string>;
  body: Buffer;
  logs: string;
  errors: string;
  /** Seconds from getting a worker (a cold start included) to the answer, as Appwrite's `duration`. */
  duration: number;
}

export interface FunctionPoolOptions extends ProjectFacts {
  /** Worker processes at most, warm or busy (FUNCTIONS_WORKERS). */
  size: number;
  /** A warm worker nobody used for this long is stopped (FUNCTIONS_IDLE_SECONDS × 1000). */
  idleTimeoutMs: number;
  /** Appwrite's `body` parameter takes 10 MB. */
  maxRequestBytes?: number;
  /** open-runtimes' Node server reads 20 MB. */
  maxResponseBytes?: number;
  startupTimeoutMs?: number;
}

export const DEFAULT_MAX_REQUEST_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

export class FunctionPoolClosedError extends Error {
  constructor() {
    super('The function runtime is closed.');
  }
}

/**
 * Runs functions in separate worker processes, one execution per process at a time. Warm
 * processes are reused for the same function and environment; when all `size` are busy, callers
 * wait in order of arrival; when all are warm for other functions, the least recently used is
 * stopped to make room.
 */
export class FunctionPool {
  private readonly workers = new Set<FunctionWorker>();
  private readonly waiting: (() => void)[] = [];
  private readonly idleTimers = new Map<FunctionWorker, NodeJS.Timeout>();
  private closed = false;
  readonly maxRequestBytes: number;
  readonly maxResponseBytes: number;
  private readonly startupTimeoutMs: number;

  private readonly options: FunctionPoolOptions;

  constructor(options: FunctionPoolOptions) {
    this.options = options;
    if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError('the pool needs at least one worker');
    this.maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.startupTimeoutMs = options.startupTimeoutMs ?? 10_000;
  }

  /** Worker processes alive now (warm or busy). */
  get workerCount(): number {
    return this.workers.size;
  }

  /**
   * Runs one execution. Never rejects for what the function does (that is a `failed` result);
   * rejects with RangeError for a body over `maxRequestBytes` (callers answer 400 first) and
   * with FunctionPoolClosedError after `close()`.
   */
  async execute(input: ExecuteInput): Promise<ExecutionResult> {
    const { fn, request } = input;
    if (request.body.length > this.maxRequestBytes) throw new RangeError(`The request body is larger than ${this.maxRequestBytes} bytes.`);
    const env = functionEnvironment(fn, this.options, input.env);
    const key = workerKey(fn, env);
    const logs = new ExecutionLogs();
    const worker = await this.acquire(fn, key, env);
    const started = performance.now();
    let outcome: WorkerOutcome;
    try {
      await worker.started();
      outcome = await worker.run(workerRequest(request), logs, { timeoutMs: fn.timeout * 1000, logging: fn.logging, maxResponseBytes: this.maxResponseBytes });
    } catch (error) {
      worker.stop('retired');
      outcome = { kind: 'failed', reason: `The function's worker could not start: ${(error as Error).message}` };
    }
    this.release(worker);
    const duration = (performance.now() - started) / 1000;
    if (outcome.kind === 'failed') {
      logs.error(outcome.reason);
      return { status: 'failed', statusCode: 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.alloc(0), ...logs.result(), duration };
    }
    const { statusCode, headers, body } = outcome;
    return { status: statusCode >= 500 ? 'failed' : 'completed', statusCode, headers, body, ...logs.result(), duration };
  }

  /** Stops every worker; executions in flight end `failed`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    const exits = [...this.workers].map((worker) => {
      worker.stop('retired');
      return worker.closed();
    });
    for (const wake of this.waiting.splice(0)) wake();
    await Promise.all(exits);
  }

  private async acquire(fn: LoadedFunction, key: string, env: Record<string, string>): Promise<FunctionWorker> {
    for (;;) {
      if (this.closed) throw new FunctionPoolClosedError();
      const warm = [...this.workers].find((worker) => worker.key === key && !worker.busy && worker.alive);
      if (warm) return this.claim(warm);
      if (this.workers.size >= this.options.size) {
        const idle = [...this.workers].filter((worker) => !worker.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
        if (idle) {
          this.workers.delete(idle);
          this.clearIdleTimer(idle);
          idle.stop('retired');
        } else {
          await new Promise<void>((resolve) => this.waiting.push(resolve));
          continue;
        }
      }
      const worker = new FunctionWorker(fn, key, env, this.startupTimeoutMs, (exited) => this.forget(exited));
      this.workers.add(worker);
      return this.claim(worker);
    }
  }

  private claim(worker: FunctionWorker): FunctionWorker {
    worker.busy = true;
    this.clearIdleTimer(worker);
    return worker;
  }

  private release(worker: FunctionWorker): void {
    worker.busy = false;
    worker.lastUsed = Date.now();
    if (worker.alive && this.workers.has(worker) && !this.closed) {
      this.idleTimers.set(worker, setTimeout(() => {
        this.idleTimers.delete(worker);
        if (!worker.busy) worker.stop('retired');
      }, this.options.idleTimeoutMs).unref());
    }
    this.waiting.shift()?.();
  }

  private forget(worker: FunctionWorker): void {
    this.clearIdleTimer(worker);
    if (this.workers.delete(worker)) this.waiting.shift()?.();
  }

  private clearIdleTimer(worker: FunctionWorker): void {
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
  }
}

/** Header names lower-cased and open-runtimes' own removed, as the runtime passes them on. */
function workerRequest(request: ExecutionRequest) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (!lower.startsWith('x-open-runtimes-')) headers[lower] = value;
  }
  headers.host ??= 'localhost';
  return { method: request.method, url: request.path || '/', headers, body: request.body };
}
