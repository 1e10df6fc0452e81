import type { Kysely } from 'kysely';
import { formatDate } from '../core/dates.ts';
import type { SqlDialect } from '../db/dialect.ts';
import { BroadcastTail, type BroadcastHandler } from './broadcast-tail.ts';
import { DurableConsumer, type DurableHandler } from './durable-consumer.ts';
import type { OutboxEvent } from './outbox-event.ts';
import { OutboxStore } from './outbox-store.ts';
import type { ProcessWakeups, ProcessWakeupsFactory } from './process-wakeups.ts';
import { RedisWakeups } from './redis-wakeups.ts';

export interface EventBusOptions {
  /** Wakes readers in other processes; without it they find new events by polling. */
  redisUrl?: string | undefined;
  /** Prefix of the Redis channel (the project id), so projects sharing a Redis do not wake each other. */
  redisPrefix?: string;
  /** Wakes readers in the other workers of this machine when there is no Redis (cluster/cluster-wakeups.ts). */
  processWakeups?: ProcessWakeupsFactory | undefined;
  /** How often readers look at the outbox without being woken (a lost wake-up, or no Redis). */
  pollMs?: number;
  /** How long events are kept once every durable consumer has passed them. */
  retentionMs?: number;
  /** How often `prune` is due (app.ts schedules it once per tick across processes). */
  pruneEveryMs?: number;
  log?: (message: string) => void;
}

const DEFAULT_POLL_MS = 1_000;
const POLL_WITHOUT_REDIS_MS = 250;
const DEFAULT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** A commit this soon after an append in this process may be the appending transaction's. */
const APPEND_WINDOW_MS = 10_000;
/** How soon to look again when newer events wait on an older transaction still running. */
const HELD_BACK_RETRY_MS = 20;

/**
 * The event bus: writes append events to the outbox in their own transaction; once committed,
 * events reach broadcast subscribers in every process (`subscribe`) and durable consumers once
 * across all processes (`consume`). Readers are woken by this process's commits, by Redis (or the cluster primary) when
 * other processes commit, and by a poll as the fallback.
 */
export class EventBus {
  readonly store: OutboxStore;
  private readonly tail: BroadcastTail;
  private readonly consumers = new Map<string, DurableConsumer>();
  private readonly peers: ProcessWakeups | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopListening: () => void;
  private readonly log: (message: string) => void;
  private readonly retentionMs: number;
  readonly pruneEveryMs: number;
  private lastAppendAt = 0;
  private publishQueued = false;
  private heldBackTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(store: OutboxStore, tail: BroadcastTail, options: EventBusOptions, log: (message: string) => void) {
    this.store = store;
    this.tail = tail;
    this.log = log;
    this.retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.peers = options.redisUrl ? new RedisWakeups(options.redisUrl, options.redisPrefix ?? 'events', () => this.wake(), log) : options.processWakeups?.(() => this.wake(), log);
    this.stopListening = store.dialect.commits.listen(() => this.afterCommit());
    const poll = setInterval(() => this.wake(), options.pollMs ?? (this.peers ? DEFAULT_POLL_MS : POLL_WITHOUT_REDIS_MS));
    this.pruneEveryMs = options.pruneEveryMs ?? PRUNE_EVERY_MS;
    poll.unref();
    this.timers.push(poll);
  }

  /** Starts reading at the outbox's current tail: broadcast subscribers get what commits from now on. */
  static async start(dialect: SqlDialect, options: EventBusOptions = {}): Promise<EventBus> {
    const store = new OutboxStore(dialect);
    const log = options.log ?? (() => {});
    let bus: EventBus | undefined;
    const tail = new BroadcastTail(store, await store.tail(), () => bus?.retrySoon(), log);
    bus = new EventBus(store, tail, options, log);
    await bus.peers?.ready();
    return bus;
  }

  /** Appends events in the write's transaction; they are delivered only if it commits. */
  async append(trx: Kysely<any>, ...events: OutboxEvent[]): Promise<void> {
    this.lastAppendAt = Date.now();
    await this.store.append(trx, events);
  }

  /** Runs `work` in one database transaction, for writers that append their events in it. */
  transaction<T>(work: (trx: Kysely<any>) => Promise<T>): Promise<T> {
    return this.store.dialect.db.transaction().execute(work);
  }

  /** Every committed event from now on, in commit order, in this process. */
  subscribe(handler: BroadcastHandler): () => void {
    return this.tail.subscribe(handler);
  }

  /**
   * Handles each committed event once across all processes, in commit order, starting with the
   * events committed after the consumer's first registration. `handler` runs in the transaction
   * that records its progress: its writes and the cursor move commit together.
   */
  async consume(name: string, handler: DurableHandler): Promise<() => Promise<void>> {
    if (this.consumers.has(name)) throw new Error(`event consumer ${name} is already running in this process`);
    await this.store.registerConsumer(name);
    const consumer = new DurableConsumer(this.store, name, handler, () => this.retrySoon(), this.log);
    this.consumers.set(name, consumer);
    consumer.wake();
    return async () => {
      this.consumers.delete(name);
      await consumer.stop();
    };
  }

  /** Looks for new events now. */
  wake(): void {
    if (this.closed) return;
    this.tail.wake();
    for (const consumer of this.consumers.values()) consumer.wake();
  }

  /** Waits until this process's readers are done with what they were woken for (tests). */
  async settled(): Promise<void> {
    await this.tail.idle();
  }

  /** Deletes events older than the retention time that every durable consumer has passed. */
  prune(now = Date.now()): Promise<number> {
    return this.store.prune(formatDate(new Date(now - this.retentionMs)));
  }

  private afterCommit(): void {
    if (Date.now() - this.lastAppendAt > APPEND_WINDOW_MS) return;
    this.wake();
    if (!this.peers || this.publishQueued) return;
    this.publishQueued = true;
    setImmediate(() => {
      this.publishQueued = false;
      this.peers?.publish();
    });
  }

  private retrySoon(): void {
    if (this.heldBackTimer || this.closed) return;
    this.heldBackTimer = setTimeout(() => {
      this.heldBackTimer = undefined;
      this.wake();
    }, HELD_BACK_RETRY_MS);
    this.heldBackTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    for (const timer of this.timers) clearInterval(timer);
    clearTimeout(this.heldBackTimer);
    await Promise.all([...this.consumers.values()].map((consumer) => consumer.stop()));
    await this.tail.idle();
    await this.peers?.close();
  }
}
