import type { Kysely } from 'kysely';
import type { SqlDialect } from '../db/dialect.ts';

/**
 * The durable job queue and the cron ledger. Times are epoch milliseconds of the server clock
 * (`JobClock`), so due and lease comparisons are plain integer comparisons on both engines.
 */
export interface JobTables {
  _jobs: {
    id: string;
    kind: string;
    /** JSON: what the job's handler needs; never a secret (keys and JWTs are made when it runs). */
    payload: string;
    /** Not claimed before this time. */
    run_at: number;
    /** Another worker may claim the job once this time has passed (its last worker died or hung). */
    lease_until: number;
    lease_owner: string;
    /** How long one attempt may hold the job. */
    lease_ms: number;
    attempts: number;
    /** 0 until the job's outcome is committed. */
    done_at: number;
    created_at: number;
  };
  /** One row per (function, cron tick) that was enqueued: the process that inserts it runs the tick. */
  _cron_ticks: {
    function_id: string;
    tick_at: number;
    job_id: string;
  };
}

export type JobDb = Kysely<JobTables>;

export function jobDb(dialect: SqlDialect): JobDb {
  return dialect.db as JobDb;
}

/** Creates the queue's tables and indexes when missing; safe on every start. */
export async function applyJobTables(dialect: SqlDialect): Promise<void> {
  const schema = dialect.db.schema;
  await schema
    .createTable('_jobs').ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('run_at', 'bigint', (column) => column.notNull())
    .addColumn('lease_until', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('lease_ms', 'bigint', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('done_at', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await schema.createIndex('_jobs_due').ifNotExists().on('_jobs').columns(['done_at', 'run_at']).execute();
  await schema
    .createTable('_cron_ticks').ifNotExists()
    .addColumn('function_id', 'text', (column) => column.notNull())
    .addColumn('tick_at', 'bigint', (column) => column.notNull())
    .addColumn('job_id', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('_cron_ticks_pk', ['function_id', 'tick_at'])
    .execute();
}
