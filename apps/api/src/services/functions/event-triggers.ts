import type { CommittedEvent, DurableHandler } from '../../events/index.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ExecutionsService } from './executions-service.ts';
import type { DeclaredFunction } from './function-runtime.ts';

/** The durable consumer that starts event-triggered executions (its cursor row in `_events_consumers`). */
export const EVENT_TRIGGERS_CONSUMER = 'functions';

/**
 * Executions never trigger functions: a function listening to `functions.*.executions.*.update`
 * would otherwise run again for its own run's update, forever. (Appwrite 1.6's worker publishes
 * that event to functions too and leaves the loop to the project.)
 */
function isExecutionEvent(event: CommittedEvent): boolean {
  const [type, , subType] = event.events[0]!.split('.');
  return type === 'functions' && subType === 'executions';
}

/**
 * The functions whose declared `events` name one of the event's generated forms: Appwrite compares
 * the declared strings with Event::generateEvents' list for equality (no pattern matching), so
 * `databases.main.collections.contact_messages.documents.*.create` matches a document created there.
 */
export function triggeredFunctions(functions: Iterable<DeclaredFunction>, event: CommittedEvent): DeclaredFunction[] {
  if (isExecutionEvent(event)) return [];
  const forms = new Set(event.events);
  return [...functions].filter((fn) => fn.enabled && fn.events.some((declared) => forms.has(declared)));
}

/**
 * For each committed event, creates a waiting execution (trigger `event`) and its job for every
 * function it triggers, in the consumer's transaction, so each event runs each function once
 * across all server processes. The queue is woken once that transaction has committed.
 */
export function eventTriggerHandler(functions: readonly DeclaredFunction[], executions: ExecutionsService, queue: JobQueue, dialect: SqlDialect): { handler: DurableHandler; stop(): void } {
  let enqueued = false;
  const stopListening = dialect.commits.listen(() => {
    if (!enqueued) return;
    enqueued = false;
    queue.notify();
  });
  const listening = functions.filter((fn) => fn.events.length > 0);
  const handler: DurableHandler = async (trx, event) => {
    const triggered = triggeredFunctions(listening, event);
    if (triggered.length === 0) return;
    const body = JSON.stringify(event.payload);
    for (const fn of triggered) {
      await executions.createEventRun(fn, { event: event.events[0]!, body, userId: event.userId ?? '' }, trx);
    }
    enqueued = true;
  };
  return { handler, stop: stopListening };
}
