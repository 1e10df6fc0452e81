import { CoalescedRunner } from './coalesced-runner.ts';
import type { CommittedEvent, OutboxPosition } from './outbox-event.ts';
import type { OutboxStore } from './outbox-store.ts';

export type BroadcastHandler = (event: CommittedEvent) => void | Promise<void>;

const PAGE = 500;

/**
 * This process's reader of committed events, for subscribers that live in it (realtime sockets):
 * it starts at the outbox's tail when the process starts, keeps its cursor in memory, and hands
 * each event to every subscriber once, in commit order. Nothing is stored for it, so the outbox's
 * retention time is how long a stalled process may fall behind.
 */
export class BroadcastTail {
  private cursor: OutboxPosition;
  private readonly store: OutboxStore;
  private readonly subscribers = new Set<BroadcastHandler>();
  private readonly runner: CoalescedRunner;
  private readonly onHeldBack: () => void;
  private readonly log: (message: string) => void;

  constructor(store: OutboxStore, from: OutboxPosition, onHeldBack: () => void, log: (message: string) => void) {
    this.store = store;
    this.cursor = from;
    this.onHeldBack = onHeldBack;
    this.log = log;
    this.runner = new CoalescedRunner(() => this.readAll(), (error) => log(`events: reading the outbox failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  subscribe(handler: BroadcastHandler): () => void {
    this.subscribers.add(handler);
    return () => void this.subscribers.delete(handler);
  }

  wake(): void {
    if (this.subscribers.size > 0) this.runner.request();
  }

  idle(): Promise<void> {
    return this.runner.idle();
  }

  private async readAll(): Promise<void> {
    for (;;) {
      const page = await this.store.readAfter(this.cursor, PAGE);
      for (const event of page.events) {
        await Promise.all([...this.subscribers].map(async (handler) => {
          try {
            await handler(event);
          } catch (error) {
            this.log(`events: a subscriber failed on ${event.events[0]}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }));
        this.cursor = event.position;
      }
      if (page.heldBack) this.onHeldBack();
      if (page.events.length < PAGE || page.heldBack) return;
    }
  }
}
