import type { ProcessWakeups } from '../events/process-wakeups.ts';
import { isClusterMessage, type PrimaryMessage, type WorkerMessage } from './messages.ts';

/**
 * Event wake-ups between the workers of one machine without Redis: a worker that committed events
 * tells the primary, which relays it to every other worker (primary-relay.ts).
 */
export class ClusterWakeups implements ProcessWakeups {
  private readonly onMessage: (message: unknown) => void;

  constructor(onWake: () => void) {
    this.onMessage = (message) => {
      if (isClusterMessage<PrimaryMessage>(message) && message.ballot === 'committed') onWake();
    };
    process.on('message', this.onMessage);
  }

  async ready(): Promise<void> {}

  publish(): void {
    if (!process.send || !process.connected) return;
    const message: WorkerMessage = { ballot: 'committed' };
    // A lost wake-up costs one poll period; the channel's errors are not the writer's concern.
    process.send(message, undefined, {}, () => {});
  }

  async close(): Promise<void> {
    process.off('message', this.onMessage);
  }
}
