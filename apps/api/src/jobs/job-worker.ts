import type { ClaimedJob, JobQueue } from './job-queue.ts';

/** Runs one claimed job; it must call `queue.complete(job, trx)` in the transaction that records the outcome. */
export type JobHandler = (job: ClaimedJob) => Promise<void>;

export interface JobWorkerOptions {
  /** Jobs this process runs at once; 0: this process only enqueues. */
  concurrency: number;
  /** How often to look for due jobs (others' enqueues, scheduled times, expired leases). */
  pollMs: number;
  /** A handler that throws gives its job back for this long. */
  retryDelayMs: number;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

/** Claims due jobs and runs them, up to `concurrency` at a time, polling and woken by local enqueues. */
export class JobWorker {
  private readonly queue: JobQueue;
  private readonly handlers: ReadonlyMap<string, JobHandler>;
  private readonly options: JobWorkerOptions;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private filling = false;
  private refill = false;
  private stopped = true;

  constructor(queue: JobQueue, handlers: ReadonlyMap<string, JobHandler>, options: JobWorkerOptions) {
    this.queue = queue;
    this.handlers = handlers;
    this.options = options;
  }

  start(): void {
    if (this.options.concurrency === 0 || !this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.queue.onEnqueue(() => this.wake());
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (the poll does the same on its own schedule). */
  wake(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = true;
    void this.fill().finally(() => {
      this.filling = false;
      if (this.refill) {
        this.refill = false;
        this.wake();
      }
    });
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.running.size < this.options.concurrency) {
      let job: ClaimedJob | undefined;
      try {
        job = await this.queue.claim([...this.handlers.keys()]);
      } catch (error) {
        this.options.log('warn', `job queue: claiming failed: ${(error as Error).message}`);
        return;
      }
      if (!job) return;
      const run = this.run(job).finally(() => {
        this.running.delete(run);
        this.wake();
      });
      this.running.add(run);
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    try {
      await this.handlers.get(job.kind)!(job);
    } catch (error) {
      this.options.log('error', `job ${job.kind} ${job.id} (attempt ${job.attempt}) failed: ${(error as Error).message}`);
      await this.queue.release(job, this.options.retryDelayMs).catch(() => {});
    }
  }

  /** Stops claiming and waits up to `timeoutMs` for the jobs in flight; unfinished ones are taken over once their lease ends. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    if (this.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.running]), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }
}
