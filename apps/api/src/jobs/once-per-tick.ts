import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../db/dialect.ts';

interface TickTables {
  /** One row per (task, tick) that some process ran: the process whose insert succeeded runs it. */
  _ticks: { name: string; tick_at: number; claimed_by: string };
}

/** Who ran a tick, for whoever reads `_ticks` while looking into a problem. */
const THIS_CLAIMER = `${hostname()} pid ${process.pid}`;

/** Rows older than this many periods are deleted by whoever claims a newer tick of the same task. */
const KEPT_PERIODS = 24;

/** Creates `_ticks` when missing; safe on every start. */
export async function applyTickTable(dialect: SqlDialect): Promise<void> {
  await dialect.db.schema
    .createTable('_ticks').ifNotExists()
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('tick_at', 'bigint', (column) => column.notNull())
    .addColumn('claimed_by', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('_ticks_pk', ['name', 'tick_at'])
    .execute();
}

interface Task {
  everyMs: number;
  work: (tick: number) => Promise<unknown>;
  timer?: NodeJS.Timeout;
}

/**
 * Periodic work that touches shared data, run once per tick across all processes on the same
 * database: every process wakes at the same wall-clock boundaries (multiples of `everyMs`), and
 * only the one whose insert of (name, tick) into `_ticks` succeeds does the work. A process that
 * dies mid-work leaves that tick undone; the next tick does it (every task here is a sweep that
 * catches up). Function cron keeps its own ledger (`_cron_ticks`), claimed in the transaction
 * that enqueues the execution.
 */
export class OncePerTick {
  private readonly db: Kysely<TickTables>;
  private readonly tasks = new Map<string, Task>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly log: (message: string) => void;
  private stopped = false;

  constructor(dialect: SqlDialect, log: (message: string) => void) {
    this.db = dialect.db as Kysely<TickTables>;
    this.log = log;
  }

  /** Schedules `work` (given the tick it runs for) under `name` every `everyMs`; `name` says what is shared (a task on per-machine data names the machine). */
  every(name: string, everyMs: number, work: (tick: number) => Promise<unknown>): void {
    if (this.tasks.has(name)) throw new Error(`periodic task ${name} is already scheduled`);
    const task: Task = { everyMs, work };
    this.tasks.set(name, task);
    this.schedule(name, task);
  }

  /** The tick a moment falls in. */
  static tickOf(everyMs: number, at = Date.now()): number {
    return Math.floor(at / everyMs) * everyMs;
  }

  /**
   * Runs the task's work for `tick` unless some process claimed that tick already; true when it
   * ran here. Failures of the work are the caller's (the tick stays claimed).
   */
  async runTick(name: string, tick: number): Promise<boolean> {
    const task = this.tasks.get(name);
    if (!task) throw new Error(`no periodic task ${name}`);
    if (!(await this.claim(name, tick))) return false;
    await this.db.deleteFrom('_ticks').where('name', '=', name).where('tick_at', '<', tick - KEPT_PERIODS * task.everyMs).execute();
    await task.work(tick);
    return true;
  }

  /** Stops the timers and waits for work under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const task of this.tasks.values()) clearTimeout(task.timer);
    await Promise.allSettled([...this.running]);
  }

  private async claim(name: string, tick: number): Promise<boolean> {
    const result = await this.db
      .insertInto('_ticks')
      .values({ name, tick_at: tick, claimed_by: THIS_CLAIMER })
      .onConflict((conflict) => conflict.columns(['name', 'tick_at']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  private schedule(name: string, task: Task): void {
    if (this.stopped) return;
    const next = OncePerTick.tickOf(task.everyMs) + task.everyMs;
    task.timer = setTimeout(() => {
      const run = this.runTick(name, next).catch((error: unknown) => this.log(`${name}: ${error instanceof Error ? error.message : String(error)}`));
      this.running.add(run);
      void run.finally(() => {
        this.running.delete(run);
        this.schedule(name, task);
      });
    }, Math.max(0, next - Date.now()));
    task.timer.unref();
  }
}
