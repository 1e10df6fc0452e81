import { Redis } from 'ioredis';
import type { ProcessWakeups } from './process-wakeups.ts';

/**
 * Wakes the event readers of every process through Redis pub/sub: a process that committed events
 * publishes one short message, the others read the outbox on receiving it. The message carries no
 * event (the outbox is the only source), so a lost message only delays delivery to the next poll.
 */
export class RedisWakeups implements ProcessWakeups {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;

  constructor(url: string, prefix: string, onWake: () => void, log: (message: string) => void) {
    this.channel = `${prefix}:events:committed`;
    const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    // Without listeners ioredis would report connection errors as unhandled; the poll covers the gap.
    this.publisher.on('error', () => {});
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (channel: string) => {
      if (channel === this.channel) onWake();
    });
    this.subscriber.subscribe(this.channel).catch((error: unknown) => log(`events: Redis subscribe failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** Resolves once the subscription is in place (tests wait for it before publishing). */
  async ready(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
  }

  publish(): void {
    this.publisher.publish(this.channel, '1').catch(() => {});
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}
