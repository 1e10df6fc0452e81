import type { SqlDialect } from '../../db/dialect.ts';
import type { EventBus } from '../../events/index.ts';
import { CollectionStore } from '../../db/documents/collection-store.ts';
import type { JobClock } from '../../jobs/job-clock.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import { applyJobTables } from '../../jobs/job-tables.ts';
import { JobWorker } from '../../jobs/job-worker.ts';
import { CronScheduler } from './cron-scheduler.ts';
import { DynamicKeys } from './dynamic-key.ts';
import { executionsCollection } from './execution-collection.ts';
import { ExecutionEvents } from './execution-events.ts';
import { EVENT_TRIGGERS_CONSUMER, eventTriggerHandler } from './event-triggers.ts';
import { EXECUTION_JOB, ExecutionRuns } from './execution-runs.ts';
import { ExecutionsService } from './executions-service.ts';
import type { DeclaredFunction, FunctionRunner } from './function-runtime.ts';

export interface FunctionServicesOptions {
  dialect: SqlDialect;
  projectId: string;
  /** The server secret user JWTs are signed with; dynamic keys use a key derived from it. */
  jwtKey: string;
  functions: readonly DeclaredFunction[];
  runner: FunctionRunner;
  clock: JobClock;
  /** Queued executions this process runs at once; 0: it only accepts them. */
  concurrency: number;
  pollMs: number;
  /** Executions' events are appended to it; committed events start the functions that listen to them. */
  events: EventBus;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

export interface FunctionServices {
  executions: ExecutionsService;
  keys: DynamicKeys;
  queue: JobQueue;
  cron: CronScheduler;
  /** Starts this process's queue workers and cron scheduler. */
  start(): void;
  /** Stops claiming work and waits up to `timeoutMs` for executions in flight. */
  stop(timeoutMs: number): Promise<void>;
}

export async function createFunctionServices(options: FunctionServicesOptions): Promise<FunctionServices> {
  const { dialect } = options;
  await applyJobTables(dialect);
  const byId = new Map(options.functions.map((fn) => [fn.$id, fn]));
  const store = new CollectionStore(dialect, executionsCollection);
  const queue = new JobQueue(dialect, options.clock);
  const keys = new DynamicKeys(options.jwtKey, options.projectId);
  const executionEvents = new ExecutionEvents(options.events, store);
  const runs = new ExecutionRuns({
    dialect, store, runner: options.runner, queue, keys, jwtKey: options.jwtKey, functionOf: (functionId) => byId.get(functionId), events: executionEvents,
  });
  const executions = new ExecutionsService(dialect, store, queue, runs, byId, executionEvents);
  const triggers = eventTriggerHandler(options.functions, executions, queue, dialect);
  const stopTriggers = await options.events.consume(EVENT_TRIGGERS_CONSUMER, triggers.handler);
  const worker = new JobWorker(queue, new Map([[EXECUTION_JOB, (job) => runs.handleJob(job)]]), {
    concurrency: options.concurrency, pollMs: options.pollMs, retryDelayMs: 5_000, log: options.log,
  });
  const cron = new CronScheduler(byId.values(), dialect, queue, executions, { pollMs: options.pollMs, firstTickGraceMs: 60_000, log: options.log });
  return {
    executions, keys, queue, cron,
    start() {
      worker.start();
      cron.start();
    },
    async stop(timeoutMs) {
      await stopTriggers();
      triggers.stop();
      await cron.stop();
      await worker.stop(timeoutMs);
    },
  };
}
