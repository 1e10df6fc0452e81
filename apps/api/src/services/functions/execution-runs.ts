import { now } from '../../core/dates.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { CollectionStore } from '../../db/documents/collection-store.ts';
import type { ClaimedJob, JobQueue } from '../../jobs/job-queue.ts';
import { signJwt } from '../account/jwt.ts';
import type { DynamicKeys } from './dynamic-key.ts';
import type { ExecutionEvents } from './execution-events.ts';
import { finishedFields, unrunOutcome } from './execution-outcome.ts';
import type { DeclaredFunction, FunctionOutcome, FunctionRunner } from './function-runtime.ts';
import { LAUNCH_ENVIRONMENT, launchHeaders, type Launch } from './function-launch.ts';

export const EXECUTION_JOB = 'execution';

/** What a queued execution's job carries: the request, and who asked (the JWT is made when it runs). */
export interface ExecutionJobPayload {
  executionId: string;
  functionId: string;
  trigger: Launch['trigger'];
  method: string;
  path: string;
  body: string;
  headers: Record<string, string>;
  userId: string;
  sessionId: string;
  clientIp: string;
  /** The triggering event, for trigger `event`. */
  event?: string;
}

/** Claims of a job beyond this count mean its workers keep dying: the execution is failed instead of run again. */
export const MAX_ATTEMPTS = 3;

const ALL = { kind: 'all' } as const;

export interface ExecutionRunsOptions {
  dialect: SqlDialect;
  store: CollectionStore;
  runner: FunctionRunner;
  queue: JobQueue;
  keys: DynamicKeys;
  jwtKey: string;
  functionOf(functionId: string): DeclaredFunction | undefined;
  events: ExecutionEvents;
}

/** Runs executions through the function runtime: at once (sync) or from the queue, recording the outcome. */
export class ExecutionRuns {
  private readonly options: ExecutionRunsOptions;

  constructor(options: ExecutionRunsOptions) {
    this.options = options;
  }

  /** The secrets of one run, made now: a dynamic key with the function's scopes, and the caller's JWT when a session asked. */
  launch(fn: DeclaredFunction, request: Omit<ExecutionJobPayload, 'functionId'>): Launch {
    // A minute beyond the timeout, for a cold start (as Appwrite).
    const lifetime = fn.timeout + 60;
    const userJwt = request.userId && request.sessionId ? signJwt({ userId: request.userId, sessionId: request.sessionId }, this.options.jwtKey, lifetime) : '';
    return { ...request, userJwt, key: this.options.keys.issue(fn.scopes, lifetime) };
  }

  /** Runs the function; a runtime that throws gives a failed outcome, never an error. */
  async run(fn: DeclaredFunction, launch: Launch): Promise<FunctionOutcome> {
    const started = performance.now();
    try {
      return await this.options.runner.execute({
        fn,
        request: { method: launch.method, path: launch.path, headers: launchHeaders(launch), body: Buffer.from(launch.body) },
        // Appwrite's own variables win over the function's, as in Appwrite.
        env: { ...fn.vars, ...LAUNCH_ENVIRONMENT },
      });
    } catch (error) {
      return unrunOutcome(`The function could not be run: ${(error as Error).message}`, (performance.now() - started) / 1000);
    }
  }

  /** The queue's handler for executions: processing, the run, then the outcome and the job's end in one transaction. */
  async handleJob(job: ClaimedJob): Promise<void> {
    const payload = job.payload as ExecutionJobPayload;
    const { store, queue } = this.options;
    const stored = await store.get(payload.executionId, ALL);
    const fn = this.options.functionOf(payload.functionId);
    let outcome: FunctionOutcome | undefined;
    if (stored && job.attempt > MAX_ATTEMPTS) {
      outcome = unrunOutcome(`The execution was abandoned: its worker stopped ${MAX_ATTEMPTS} times before it finished.`, 0);
    } else if (stored && !fn) {
      outcome = unrunOutcome(`The function ${payload.functionId} is no longer declared.`, 0);
    } else if (stored && fn) {
      await this.options.dialect.db.transaction().execute(async (trx) => {
        await store.update(stored.sequence, { status: 'processing' }, undefined, now(), trx);
        await this.options.events.updated(trx, stored.id);
      });
      outcome = await this.run(fn, this.launch(fn, payload));
    }
    await this.options.dialect.db.transaction().execute(async (trx) => {
      if (stored && outcome) {
        await store.update(stored.sequence, finishedFields(outcome), undefined, now(), trx);
        await this.options.events.updated(trx, stored.id);
      }
      await queue.complete(job, trx);
    });
  }
}
