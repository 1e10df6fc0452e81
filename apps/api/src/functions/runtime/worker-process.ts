import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { LoadedFunction } from '../load-functions.ts';
import type { ExecutionLogs } from './execution-logs.ts';
import type { WorkerMessage, WorkerRequest } from './protocol.ts';
import { hostScript, workerExecArgv } from './worker-launch.ts';

export type WorkerOutcome =
  | { kind: 'answered'; statusCode: number; headers: Record<string, string>; body: Buffer }
  /** `reason` is written to the execution's errors. */
  | { kind: 'failed'; reason: string };

export interface RunLimits {
  timeoutMs: number;
  logging: boolean;
  maxResponseBytes: number;
}

export const TIMEOUT_MESSAGE = 'Execution timed out.';
const STDERR_TAIL_BYTES = 4096;
const MEMORY_CHECK_MS = 100;
/** Room above the heap ceiling for code, buffers and the young generation before the process is stopped. */
const RSS_ALLOWANCE = 1.5;
const PAGE_BYTES = 4096;

interface Pending {
  logs: ExecutionLogs;
  limits: RunLimits;
  timer: NodeJS.Timeout;
  resolve(outcome: WorkerOutcome): void;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string');
}

/** One worker process running one function, one execution at a time. */
export class FunctionWorker {
  lastUsed = Date.now();
  busy = false;
  private child: ChildProcess;
  private pending: Pending | undefined;
  private stderrTail = '';
  private stopReason: 'timeout' | 'memory' | 'protocol' | 'retired' | undefined;
  private crashError: string | undefined;
  private memoryTimer: NodeJS.Timeout | undefined;
  private exited = false;
  private readonly ready: Promise<void>;
  private readonly gone: Promise<void>;

  readonly fn: LoadedFunction;
  readonly key: string;
  private readonly onExit: (worker: FunctionWorker) => void;

  constructor(fn: LoadedFunction, key: string, env: Record<string, string>, startupTimeoutMs: number, onExit: (worker: FunctionWorker) => void) {
    this.fn = fn;
    this.key = key;
    this.onExit = onExit;
    this.child = fork(hostScript(), [fn.entrypointPath, fn.entrypoint], {
      cwd: fn.directory,
      env,
      execArgv: workerExecArgv(fn),
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    // What a function prints straight to stdout is not kept (open-runtimes keeps console calls only).
    this.child.stdout!.resume();
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
    });
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the worker did not start within ${startupTimeoutMs} ms`));
        this.kill();
      }, startupTimeoutMs);
      this.child.once('message', (message: WorkerMessage) => {
        clearTimeout(timer);
        if (message?.type === 'ready') resolve();
        else reject(new Error('the worker sent an unexpected first message'));
      });
      this.child.once('close', () => {
        clearTimeout(timer);
        reject(new Error(`the worker exited while starting${this.stderrTail ? `: ${this.stderrTail.trim()}` : ''}`));
      });
    });
    this.ready.catch(() => {});
    this.gone = new Promise((resolve) => this.child.once('close', () => resolve()));
    this.child.on('message', (message: WorkerMessage) => this.receive(message));
    // 'close' rather than 'exit': it comes after stderr has been read to its end (V8's out-of-memory report).
    this.child.on('close', (code: number | null, signal: NodeJS.Signals | null) => this.exitedWith(code, signal));
    this.memoryTimer = setInterval(() => void this.checkMemory(), MEMORY_CHECK_MS).unref();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Running and not being stopped: it can take an execution. */
  get alive(): boolean {
    return !this.exited && this.stopReason === undefined;
  }

  started(): Promise<void> {
    return this.ready;
  }

  /** Settles once the process has exited and its output has been read. */
  closed(): Promise<void> {
    return this.gone;
  }

  run(request: WorkerRequest, logs: ExecutionLogs, limits: RunLimits): Promise<WorkerOutcome> {
    if (this.pending || !this.alive) throw new Error('worker is not available');
    return new Promise((resolve) => {
      const deadline = performance.now() + limits.timeoutMs;
      // Node's timers count from the event loop's cached clock and may fire a little before the
      // delay has passed: the function gets its whole timeout, re-armed for what is left.
      const expire = () => {
        const left = deadline - performance.now();
        if (left > 0) {
          if (this.pending) this.pending.timer = setTimeout(expire, Math.ceil(left));
          return;
        }
        this.stop('timeout');
      };
      this.pending = { logs, limits, timer: setTimeout(expire, limits.timeoutMs), resolve };
      this.child.send({ type: 'execute', request, logging: limits.logging, maxResponseBytes: limits.maxResponseBytes });
    });
  }

  /** Ends the process; an execution in flight fails with the reason. */
  stop(reason: 'timeout' | 'memory' | 'protocol' | 'retired'): void {
    this.stopReason ??= reason;
    if (reason === 'timeout') this.finish({ kind: 'failed', reason: TIMEOUT_MESSAGE });
    else if (reason === 'memory') this.finish({ kind: 'failed', reason: this.memoryMessage() });
    this.kill();
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }

  private memoryMessage(): string {
    return `Execution ran out of memory (the limit is ${this.fn.memory} MB).`;
  }

  private finish(outcome: WorkerOutcome): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.resolve(outcome);
  }

  /** Everything here came from the function's process, which may have been tampered with: check it all. */
  private receive(message: WorkerMessage): void {
    const pending = this.pending;
    if (message?.type === 'ready') return;
    if (message?.type === 'crash' && typeof message.error === 'string') {
      this.crashError = message.error.slice(0, 64 * 1024);
      return;
    }
    if (!pending) return;
    if (message?.type === 'log' && typeof message.text === 'string' && (message.stream === 'logs' || message.stream === 'errors')) {
      if (pending.limits.logging) pending.logs.append(message.stream, message.text);
      return;
    }
    if (
      message?.type === 'result' &&
      Number.isInteger(message.statusCode) &&
      message.statusCode >= 100 &&
      message.statusCode <= 599 &&
      isStringRecord(message.headers) &&
      message.body instanceof Uint8Array &&
      message.body.byteLength <= pending.limits.maxResponseBytes
    ) {
      this.finish({ kind: 'answered', statusCode: message.statusCode, headers: message.headers, body: Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength) });
      return;
    }
    this.finish({ kind: 'failed', reason: 'The function sent an answer this server cannot read.' });
    this.stop('protocol');
  }

  private exitedWith(code: number | null, signal: NodeJS.Signals | null): void {
    this.exited = true;
    clearInterval(this.memoryTimer);
    if (this.pending) this.finish({ kind: 'failed', reason: this.exitMessage(code, signal) });
    this.onExit(this);
  }

  private exitMessage(code: number | null, signal: NodeJS.Signals | null): string {
    if (/heap out of memory|Allocation failed|OutOfMemory/i.test(this.stderrTail)) return this.memoryMessage();
    if (this.crashError) return `${this.crashError}\nThe function's process stopped on an uncaught exception.`;
    if (signal) return `The function's process was stopped by ${signal} before it answered.${this.stderrNote()}`;
    return `The function's process exited with code ${code} before it answered (process.exit is not a way to answer; return context.res.*).${this.stderrNote()}`;
  }

  private stderrNote(): string {
    const tail = this.stderrTail.trim();
    return tail ? `\n${tail}` : '';
  }

  /** Buffers live outside the V8 heap, so the resident size is checked too (Linux). */
  private async checkMemory(): Promise<void> {
    if (this.exited || this.child.pid === undefined) return;
    let statm: string;
    try {
      statm = await readFile(`/proc/${this.child.pid}/statm`, 'utf8');
    } catch {
      return;
    }
    const residentBytes = Number(statm.split(' ')[1]) * PAGE_BYTES;
    if (residentBytes > this.fn.memory * RSS_ALLOWANCE * 1024 * 1024) this.stop('memory');
  }
}
