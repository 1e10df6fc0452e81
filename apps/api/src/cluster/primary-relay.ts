import type { Worker } from 'node:cluster';
import { MemoryRateLimiter } from '../core/rate-limiter.ts';
import { isClusterMessage, type PrimaryMessage, type WorkerMessage } from './messages.ts';

/**
 * The state the primary keeps for its workers when there is no Redis: abuse-limit counters (one
 * MemoryRateLimiter for the whole machine) and the relay of "events committed" wake-ups.
 */
export class PrimaryRelay {
  private readonly counters = new MemoryRateLimiter();
  private readonly workers = new Set<Worker>();

  /** Answers `worker`'s messages from now on, and relays the others' wake-ups to it. */
  attach(worker: Worker): void {
    this.workers.add(worker);
    worker.on('message', (message: unknown) => void this.receive(worker, message));
    worker.on('exit', () => this.workers.delete(worker));
  }

  private async receive(from: Worker, message: unknown): Promise<void> {
    if (!isClusterMessage<WorkerMessage>(message)) return;
    if (message.ballot === 'rate-hit') {
      const result = await this.counters.hit(message.key, message.limit, message.windowSeconds);
      send(from, { ballot: 'rate-result', id: message.id, result });
    } else if (message.ballot === 'committed') {
      for (const worker of this.workers) if (worker !== from) send(worker, { ballot: 'committed' });
    }
  }
}

/** Sends unless the worker is gone (its requests die with it). */
export function send(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message, undefined, () => {});
}
