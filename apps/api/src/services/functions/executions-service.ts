import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import type { Permission } from '@ballot-atlas/shared/appwrite/permission';
import type { Kysely } from 'kysely';
import type { Identity } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { Accepted } from '../../core/accepted.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { CollectionStore } from '../../db/documents/collection-store.ts';
import { whitelistedPlan, withQueryErrors, type ListRequest } from '../../db/documents/list-plan.ts';
import type { ReadFilter } from '../../db/documents/stored-document.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { QUERYABLE_EXECUTION_ATTRIBUTES } from './execution-collection.ts';
import { executionModel, type ExecutionModel } from './execution-model.ts';
import { finishedFields } from './execution-outcome.ts';
import { headersParam, keptRequestHeaders, scheduledTime } from './execution-request.ts';
import type { ExecutionEvents } from './execution-events.ts';
import { EXECUTION_JOB, type ExecutionJobPayload, type ExecutionRuns } from './execution-runs.ts';
import { launchHeaders } from './function-launch.ts';
import type { DeclaredFunction } from './function-runtime.ts';

/** What an event gives the run it triggers. */
export interface EventTrigger {
  /** The concrete event string (x-appwrite-event). */
  event: string;
  /** The event's payload as JSON text. */
  body: string;
  /** The user whose request caused the event, or ''. */
  userId: string;
}

/** The user agent Appwrite's worker sends with event-triggered runs (Appwrite/APP_VERSION_STABLE). */
const EVENT_USER_AGENT = 'Appwrite/1.6.2';

export interface CreateExecutionParams {
  functionId: string;
  body: string;
  async: boolean;
  path: string;
  method: string;
  headers: unknown;
  scheduledAt: string | undefined;
}

/** Who asked, as the request tells it. */
export interface Caller {
  identity: Identity;
  ip: string;
}

function readFilter(identity: Identity): ReadFilter {
  return identity.admin ? { kind: 'all' } : { kind: 'roles', roles: identity.roles };
}

/** Appwrite's Authorization validator message when the caller's roles miss every `execute` role. */
function executeRefusal(execute: readonly string[], roles: readonly string[]): string {
  if (execute.length === 0) return 'No permissions provided for action \'execute\'';
  return `Missing "execute" permission for role "${roles.at(-1) ?? ''}". Only "${JSON.stringify(execute)}" scopes are allowed and "${JSON.stringify(roles)}" was given.`;
}

/** Executions: create (sync, async, scheduled), list and read, with Appwrite's rules for who may do each. */
export class ExecutionsService {
  private readonly dialect: SqlDialect;
  private readonly store: CollectionStore;
  private readonly queue: JobQueue;
  private readonly runs: ExecutionRuns;
  private readonly functions: ReadonlyMap<string, DeclaredFunction>;
  private readonly events: ExecutionEvents;

  constructor(dialect: SqlDialect, store: CollectionStore, queue: JobQueue, runs: ExecutionRuns, functions: ReadonlyMap<string, DeclaredFunction>, events: ExecutionEvents) {
    this.dialect = dialect;
    this.events = events;
    this.store = store;
    this.queue = queue;
    this.runs = runs;
    this.functions = functions;
  }

  /** A function the caller may see: unknown ones, and disabled ones for all but keys, are not found. */
  private visibleFunction(identity: Identity, functionId: string): DeclaredFunction {
    const fn = this.functions.get(functionId);
    if (!fn || (!fn.enabled && !identity.admin)) throw new AppwriteError('function_not_found');
    return fn;
  }

  async create(caller: Caller, params: CreateExecutionParams): Promise<ExecutionModel | Accepted> {
    const { identity } = caller;
    const scheduledAt = params.scheduledAt === undefined ? undefined : scheduledTime(params.scheduledAt, params.async, this.queue.clock.now());
    const headers = headersParam(params.headers);
    const fn = this.visibleFunction(identity, params.functionId);
    if (!identity.admin && !fn.execute.some((role) => identity.roles.includes(role))) {
      throw new AppwriteError('user_unauthorized', executeRefusal(fn.execute, identity.roles));
    }
    const executionId = uniqueId();
    const request: Omit<ExecutionJobPayload, 'functionId'> = {
      executionId, trigger: scheduledAt ? 'schedule' : 'http', method: params.method, path: params.path, body: params.body, headers,
      userId: identity.userId ?? '', sessionId: identity.signedIn?.session.id ?? '', clientIp: caller.ip,
    };
    // The stored request headers are those of the launch with its secrets (key, JWT) left out by the allowlist.
    const requestHeaders = keptRequestHeaders(launchHeaders({ ...request, userJwt: '', key: '' }));
    const permissions: Permission[] = identity.userId ? [{ action: 'read', role: `user:${identity.userId}` }] : [];
    const data = {
      functionId: fn.$id, deploymentId: fn.deploymentId, trigger: request.trigger, requestMethod: params.method, requestPath: params.path,
      requestHeaders: JSON.stringify(requestHeaders), responseStatusCode: 0, responseHeaders: '[]', logs: '', errors: '', duration: 0,
      scheduledAt: scheduledAt ?? '', search: `${fn.$id} ${executionId}`,
    };
    if (params.async) {
      const status = scheduledAt ? 'scheduled' : 'waiting';
      const runAt = scheduledAt ? Date.parse(scheduledAt) : this.queue.clock.now();
      const stored = await this.dialect.db.transaction().execute(async (trx) => {
        const [created] = await this.store.insert([{ id: executionId, data: { ...data, status }, permissions, createdAt: now() }], trx);
        await this.events.created(trx, created!);
        await this.enqueue(fn, { ...request, functionId: fn.$id }, runAt, trx);
        return created!;
      });
      this.queue.notify();
      return new Accepted(executionModel(stored, identity.admin));
    }
    const launch = this.runs.launch(fn, request);
    const outcome = await this.runs.run(fn, launch);
    const stored = await this.dialect.db.transaction().execute(async (trx) => {
      const [created] = await this.store.insert([{ id: executionId, data: { ...data, status: 'processing', ...finishedFields(outcome) }, permissions, createdAt: now() }], trx);
      await this.events.created(trx, created!);
      return created!;
    });
    // The answer to a synchronous execution carries the body and every response header (the stored one keeps two).
    const responseHeaders = Object.entries({ ...outcome.headers, 'x-appwrite-execution-id': executionId }).map(([name, value]) => ({ name, value }));
    return { ...executionModel(stored, identity.admin), responseBody: outcome.body.toString('utf8'), responseHeaders };
  }

  /** Queues a run of `fn` at `runAt` (epoch ms) in the caller's transaction. */
  async enqueue(fn: DeclaredFunction, payload: ExecutionJobPayload, runAt: number, trx: Kysely<any>): Promise<void> {
    await this.queue.enqueue({ id: payload.executionId, kind: EXECUTION_JOB, payload, runAt, leaseMs: (fn.timeout + 60) * 1000 }, trx);
  }

  /** A cron tick's execution: no caller, so no read permission (only keys read it), trigger `schedule`. */
  async createScheduledRun(fn: DeclaredFunction, trx: Kysely<any>): Promise<string> {
    const executionId = uniqueId();
    const payload: ExecutionJobPayload = {
      executionId, functionId: fn.$id, trigger: 'schedule', method: 'POST', path: '/', body: '', headers: {}, userId: '', sessionId: '', clientIp: '',
    };
    const data = {
      functionId: fn.$id, deploymentId: fn.deploymentId, trigger: 'schedule', status: 'waiting', requestMethod: 'POST', requestPath: '/',
      requestHeaders: '[]', responseStatusCode: 0, responseHeaders: '[]', logs: '', errors: '', duration: 0, scheduledAt: '', search: `${fn.$id} ${executionId}`,
    };
    const [created] = await this.store.insert([{ id: executionId, data, permissions: [], createdAt: now() }], trx);
    await this.events.created(trx, created!);
    await this.enqueue(fn, payload, this.queue.clock.now(), trx);
    return executionId;
  }

  /**
   * A run of `fn` for a committed event, in the event consumer's transaction: POST `/` with the
   * event's payload as its body, as Appwrite's functions worker starts it; readable by the user who
   * caused the event, if any.
   */
  async createEventRun(fn: DeclaredFunction, trigger: EventTrigger, trx: Kysely<any>): Promise<string> {
    const executionId = uniqueId();
    const headers = { 'user-agent': EVENT_USER_AGENT, 'content-type': 'application/json' };
    const payload: ExecutionJobPayload = {
      executionId, functionId: fn.$id, trigger: 'event', method: 'POST', path: '/', body: trigger.body, headers, event: trigger.event,
      userId: trigger.userId, sessionId: '', clientIp: '',
    };
    const requestHeaders = keptRequestHeaders(launchHeaders({ ...payload, userJwt: '', key: '' }));
    const permissions: Permission[] = trigger.userId ? [{ action: 'read', role: `user:${trigger.userId}` }] : [];
    const data = {
      functionId: fn.$id, deploymentId: fn.deploymentId, trigger: 'event', status: 'waiting', requestMethod: 'POST', requestPath: '/',
      requestHeaders: JSON.stringify(requestHeaders), responseStatusCode: 0, responseHeaders: '[]', logs: '', errors: '', duration: 0, scheduledAt: '', search: `${fn.$id} ${executionId}`,
    };
    const [created] = await this.store.insert([{ id: executionId, data, permissions, createdAt: now() }], trx);
    await this.events.created(trx, created!);
    await this.enqueue(fn, payload, this.queue.clock.now(), trx);
    return executionId;
  }

  async list(identity: Identity, functionId: string, request: ListRequest, countTotal: boolean): Promise<{ total: number; executions: ExecutionModel[] }> {
    const fn = this.visibleFunction(identity, functionId);
    const plan = whitelistedPlan(request, QUERYABLE_EXECUTION_ATTRIBUTES, 'search', [JSON.stringify({ method: 'equal', attribute: 'functionId', values: [fn.$id] })]);
    const result = await withQueryErrors(() => this.store.list(plan, readFilter(identity), { countTotal }));
    return { total: result.total, executions: result.documents.map((stored) => executionModel(stored, identity.admin)) };
  }

  async get(identity: Identity, functionId: string, executionId: string): Promise<ExecutionModel> {
    const fn = this.visibleFunction(identity, functionId);
    const stored = await this.store.get(executionId, readFilter(identity));
    if (!stored || stored.data['functionId'] !== fn.$id) throw new AppwriteError('execution_not_found');
    return executionModel(stored, identity.admin);
  }
}
