import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '../db/dialect.ts';
import type { JobClock } from './job-clock.ts';
import { jobDb, type JobDb, type JobTables } from './job-tables.ts';

export interface NewJob {
  id: string;
  kind: string;
  payload: unknown;
  /** Epoch ms; not run before. */
  runAt: number;
  /** How long one attempt may hold the job before another worker may take it over. */
  leaseMs: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  /** 1 for the first claim; more when earlier workers died or gave up. */
  attempt: number;
  owner: string;
}

/** The job was taken over by another worker (its lease ran out): this worker's outcome must not be written. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is no longer held by this worker`);
    this.name = 'LeaseLostError';
  }
}

/**
 * Jobs kept in the database, shared by every server process on it. A worker claims a due job by
 * leasing it (PostgreSQL: `for update skip locked`, so concurrent claimers take different rows;
 * SQLite: the claim runs in a `begin immediate` transaction, one writer at a time). A job whose
 * lease runs out (its worker died) is claimed again. The handler marks the job done inside the
 * transaction that writes its outcome, and only while it still holds the lease.
 */
export class JobQueue {
  private readonly dialect: SqlDialect;
  private readonly db: JobDb;
  readonly clock: JobClock;
  private readonly listeners = new Set<() => void>();

  constructor(dialect: SqlDialect, clock: JobClock) {
    this.dialect = dialect;
    this.db = jobDb(dialect);
    this.clock = clock;
  }

  /** Called after every enqueue made by this process (the in-process wake-up). */
  onEnqueue(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a job, in the caller's transaction when given (so it exists only if that commits). */
  async enqueue(job: NewJob, executor?: Kysely<any>): Promise<void> {
    const db = (executor as JobDb | undefined) ?? this.db;
    await db
      .insertInto('_jobs')
      .values({ id: job.id, kind: job.kind, payload: JSON.stringify(job.payload), run_at: job.runAt, lease_ms: job.leaseMs, lease_until: 0, lease_owner: '', attempts: 0, done_at: 0, created_at: this.clock.now() })
      .execute();
    if (!executor) this.notify();
  }

  /** Wakes this process's workers; for jobs enqueued inside a transaction, once it has committed. */
  notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Leases the earliest due job of `kinds`, or returns undefined when none is due. */
  async claim(kinds: readonly string[]): Promise<ClaimedJob | undefined> {
    if (kinds.length === 0) return undefined;
    const owner = randomUUID();
    const skipLocked = this.dialect.rowLock ? sql.raw(`${this.dialect.rowLock} skip locked`) : sql``;
    // Idle polls stay reads: on SQLite a claim's transaction takes the one write lock every
    // process of the machine shares (WORKERS), so it is opened only when a job is due.
    const peekAt = this.clock.now();
    const due = await sql`select 1 from _jobs where done_at = 0 and run_at <= ${peekAt} and lease_until <= ${peekAt} and kind in (${sql.join([...kinds])}) limit 1`.execute(this.dialect.db);
    if (due.rows.length === 0) return undefined;
    return this.dialect.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const due = await sql<{ id: string; kind: string; payload: string; attempts: number | string; lease_ms: number | string }>`
        select id, kind, payload, attempts, lease_ms from _jobs
        where done_at = 0 and run_at <= ${now} and lease_until <= ${now} and kind in (${sql.join([...kinds])})
        order by run_at limit 1 ${skipLocked}`.execute(trx);
      const row = due.rows[0];
      if (!row) return undefined;
      const attempt = Number(row.attempts) + 1;
      await (trx as unknown as JobDb).updateTable('_jobs').set({ lease_until: now + Number(row.lease_ms), lease_owner: owner, attempts: attempt }).where('id', '=', row.id).execute();
      return { id: row.id, kind: row.kind, payload: JSON.parse(row.payload) as unknown, attempt, owner };
    });
  }

  /** Marks the job done in `trx` (the transaction writing its outcome); throws LeaseLostError when another worker holds it now. */
  async complete(job: ClaimedJob, trx: Kysely<any>): Promise<void> {
    const result = await (trx as unknown as JobDb).updateTable('_jobs').set({ done_at: this.clock.now() }).where('id', '=', job.id).where('lease_owner', '=', job.owner).where('done_at', '=', 0).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new LeaseLostError(job.id);
  }

  /** Gives a job back after its handler failed: it may be claimed again after `delayMs`. */
  async release(job: ClaimedJob, delayMs: number): Promise<void> {
    await this.db.updateTable('_jobs').set({ lease_until: this.clock.now() + delayMs }).where('id', '=', job.id).where('lease_owner', '=', job.owner).where('done_at', '=', 0).execute();
  }

  /** A job's row as stored (tests and housekeeping). */
  async find(id: string): Promise<JobTables['_jobs'] | undefined> {
    return this.db.selectFrom('_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
