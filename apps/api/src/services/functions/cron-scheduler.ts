import { Cron } from 'croner';
import type { SqlDialect } from '../../db/dialect.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { jobDb } from '../../jobs/job-tables.ts';
import type { ExecutionsService } from './executions-service.ts';
import type { DeclaredFunction } from './function-runtime.ts';

/** The newest tick of `cron` at or before `nowMs`. */
export function latestTick(cron: Cron, nowMs: number): number | undefined {
  const candidates = cron.previousRuns(2, new Date(nowMs + 1000)).map((date) => date.getTime());
  return candidates.find((tick) => tick <= nowMs);
}

export interface CronSchedulerOptions {
  /** How often to look for due ticks. */
  pollMs: number;
  /** A tick this recent runs even when the function has no tick on record yet (a first start, a new schedule). */
  firstTickGraceMs: number;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

/**
 * Runs each enabled function's `schedule` once per tick whatever the number of server processes:
 * the process that inserts the (function, tick) row into `_cron_ticks` enqueues the execution in
 * the same transaction; a process that loses that race does nothing. After a stop, only the
 * newest missed tick runs (one catch-up); older missed ticks are skipped.
 */
export class CronScheduler {
  private readonly schedules: readonly { fn: DeclaredFunction; cron: Cron }[];
  private readonly dialect: SqlDialect;
  private readonly queue: JobQueue;
  private readonly executions: ExecutionsService;
  private readonly options: CronSchedulerOptions;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> = Promise.resolve();

  constructor(functions: Iterable<DeclaredFunction>, dialect: SqlDialect, queue: JobQueue, executions: ExecutionsService, options: CronSchedulerOptions) {
    this.schedules = [...functions].filter((fn) => fn.enabled && fn.schedule).map((fn) => ({ fn, cron: new Cron(fn.schedule, { paused: true, timezone: 'UTC' }) }));
    this.dialect = dialect;
    this.queue = queue;
    this.executions = executions;
    this.options = options;
  }

  start(): void {
    if (this.schedules.length === 0 || this.timer) return;
    this.timer = setInterval(() => this.runPass(), this.options.pollMs);
    this.timer.unref();
    this.runPass();
  }

  private runPass(): void {
    this.pass = this.pass.then(async () => void (await this.enqueueDueTicks())).catch((error: Error) => this.options.log('warn', `cron: ${error.message}`));
  }

  /** Enqueues every function's newest due tick that nobody has enqueued yet; returns the number enqueued here. */
  async enqueueDueTicks(): Promise<number> {
    let enqueued = 0;
    const db = jobDb(this.dialect);
    for (const { fn, cron } of this.schedules) {
      const nowMs = this.queue.clock.now();
      const tick = latestTick(cron, nowMs);
      if (tick === undefined) continue;
      const last = await db.selectFrom('_cron_ticks').select((eb) => eb.fn.max('tick_at').as('last')).where('function_id', '=', fn.$id).executeTakeFirst();
      const lastTick = last?.last === null || last?.last === undefined ? undefined : Number(last.last);
      if (lastTick !== undefined && tick <= lastTick) continue;
      if (lastTick === undefined && nowMs - tick > this.options.firstTickGraceMs) continue;
      if (await this.claimTick(fn, tick)) enqueued++;
    }
    if (enqueued) this.queue.notify();
    return enqueued;
  }

  private async claimTick(fn: DeclaredFunction, tick: number): Promise<boolean> {
    try {
      await this.dialect.db.transaction().execute(async (trx) => {
        const executionId = await this.executions.createScheduledRun(fn, trx);
        // The primary key (function, tick) lets one process win; the loser's transaction rolls back.
        await trx.insertInto('_cron_ticks').values({ function_id: fn.$id, tick_at: tick, job_id: executionId }).execute();
      });
      return true;
    } catch (error) {
      if (this.dialect.isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.pass;
  }
}
