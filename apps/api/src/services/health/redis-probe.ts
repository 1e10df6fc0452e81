import { Redis } from 'ioredis';

/** A probe that waits longer than this counts as failed: a load balancer needs an answer, not a hang. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * One Redis connection of this process kept for health checks only, so a probe measures Redis
 * and not a fresh TCP handshake, and never queues behind the rate limiter's or the event bus's
 * commands. With no offline queue a probe while Redis is out of reach fails at once.
 */
export class RedisProbe {
  private readonly redis: Redis;
  private readonly channel: string;

  constructor(url: string, prefix: string) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: PROBE_TIMEOUT_MS,
      retryStrategy: () => 500,
    });
    // Without a listener ioredis reports every failed reconnect as unhandled; the failed probe is the report.
    this.redis.on('error', () => {});
    this.channel = `${prefix}:health`;
  }

  /** Milliseconds a PING took. */
  ping(): Promise<number> {
    return this.timed(async () => {
      if ((await this.redis.ping()) !== 'PONG') throw new Error('Redis answered PING with something else');
    });
  }

  /** Milliseconds a PUBLISH took (on a channel nobody listens to), the call realtime fan-out and event wake-ups use. */
  publish(): Promise<number> {
    return this.timed(async () => {
      await this.redis.publish(this.channel, 'probe');
    });
  }

  close(): void {
    this.redis.disconnect();
  }

  private async timed(command: () => Promise<void>): Promise<number> {
    if (this.redis.status === 'wait') await this.redis.connect().catch(() => {});
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    try {
      await Promise.race([command(), timeout]);
    } finally {
      clearTimeout(timer);
    }
    return Math.round(performance.now() - started);
  }
}
