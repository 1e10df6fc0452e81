import type { Kysely } from 'kysely';
import { CoalescedRunner } from './coalesced-runner.ts';
import type { CommittedEvent } from './outbox-event.ts';
import type { OutboxStore } from './outbox-store.ts';

/** Handles one event inside the transaction that moves the consumer's cursor past it. */
export type DurableHandler = (trx: Kysely<any>, event: CommittedEvent) => Promise<void>;

type Step = 'handled' | 'idle' | 'held' | 'busy';

const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 30_000;

/**
 * A named consumer whose cursor lives in the database (function triggers, message sends). Each
 * step locks the cursor row, reads the next event, runs the handler and moves the cursor in one
 * transaction: across any number of processes each event is handled once, and a crash before the
 * commit hands the same event to the next step instead of losing it. A handler that throws is
 * retried (the event is not skipped), with a growing pause.
 */
export class DurableConsumer {
  readonly name: string;
  private readonly store: OutboxStore;
  private readonly handler: DurableHandler;
  private readonly runner: CoalescedRunner;
  private readonly onHeldBack: () => void;
  private retryMs = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(store: OutboxStore, name: string, handler: DurableHandler, onHeldBack: () => void, log: (message: string) => void) {
    this.store = store;
    this.name = name;
    this.handler = handler;
    this.onHeldBack = onHeldBack;
    this.runner = new CoalescedRunner(() => this.drain(), (error) => {
      this.retryMs = Math.min(LAST_RETRY_MS, Math.max(FIRST_RETRY_MS, this.retryMs * 2));
      log(`events: consumer ${name} failed, retrying in ${this.retryMs} ms: ${error instanceof Error ? error.message : String(error)}`);
      this.retryTimer = setTimeout(() => this.wake(), this.retryMs);
      this.retryTimer.unref();
    });
  }

  wake(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.runner.request();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.runner.idle();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const step = await this.step();
      if (step === 'handled') {
        this.retryMs = 0;
        continue;
      }
      if (step === 'held') this.onHeldBack();
      return;
    }
  }

  /**
   * Looks without a lock first, so an idle consumer neither takes SQLite's write lock nor commits:
   * every commit in this process wakes the readers, and an empty step that committed would wake
   * this consumer again, in a loop, for as long as the bus listens to commits after an append.
   */
  private async step(): Promise<Step> {
    const seen = await this.store.consumerPosition(this.name);
    if (!seen) return 'idle';
    const peek = await this.store.readAfter(seen, 1);
    if (peek.events.length === 0) return peek.heldBack ? 'held' : 'idle';
    try {
      return await this.store.dialect.db.transaction().execute(async (trx): Promise<Step> => {
        const cursor = await this.store.lockConsumer(trx, this.name);
        if (!cursor) throw new NothingToCommit('busy');
        const { events: [event], heldBack } = await this.store.readAfter(cursor, 1, trx);
        if (!event) throw new NothingToCommit(heldBack ? 'held' : 'idle');
        await this.handler(trx, event);
        await this.store.moveConsumer(trx, this.name, event.position);
        return 'handled';
      });
    } catch (error) {
      if (error instanceof NothingToCommit) return error.step;
      throw error;
    }
  }
}

/** Ends a step's transaction by rolling it back: another process handled the event first. */
class NothingToCommit extends Error {
  readonly step: Step;

  constructor(step: Step) {
    super(step);
    this.step = step;
  }
}
