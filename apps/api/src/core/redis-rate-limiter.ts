import { Redis } from 'ioredis';
import { RateLimiterUnavailableError, type RateLimiter, type RateLimitResult } from './rate-limiter.ts';

/**
 * Fixed-window counters in Redis, shared by every process behind a load balancer. One round trip:
 * INCR the window's key and give it an expiry the first time (EXPIRE … NX).
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, prefix: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    // Each command failing during an outage says why; without a listener ioredis prints every reconnect failure.
    this.redis.on('error', () => {});
    this.prefix = prefix;
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = Math.floor(Date.now() / 1000);
    const start = now - (now % windowSeconds);
    const reset = start + windowSeconds;
    const id = `${this.prefix}:abuse:${key}@${start}`;
    let results: [Error | null, unknown][] | null;
    try {
      results = await this.redis.multi().incr(id).expire(id, windowSeconds, 'NX').exec();
    } catch (error) {
      throw new RateLimiterUnavailableError(`redis: ${error instanceof Error ? error.message : String(error)}`);
    }
    const count = Number(results?.[0]?.[1] ?? 0);
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), reset };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
