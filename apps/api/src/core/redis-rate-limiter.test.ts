import { afterAll, describe, expect, it } from 'vitest';
import { RateLimiterUnavailableError } from './rate-limiter.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';
import { redisAvailable, TEST_REDIS_URL } from '../../test/support/redis-available.ts';

const REDIS_URL = TEST_REDIS_URL;
const up = await redisAvailable();
if (!up) console.info(`redis rate limiter: ${REDIS_URL} is not reachable, skipping`);

describe.skipIf(!up)('RedisRateLimiter against a real Redis', () => {
  const prefix = `test-${process.pid}-${Date.now()}`;
  // Two limiters = two processes behind a load balancer sharing one Redis.
  const first = new RedisRateLimiter(REDIS_URL, prefix);
  const second = new RedisRateLimiter(REDIS_URL, prefix);
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts hits from several processes in one window and refuses the one over the limit', async () => {
    const results = [];
    for (let hit = 0; hit < 3; hit++) results.push(await first.hit('url:/account/sessions/email,email:a@b.c', 4, 3600));
    results.push(await second.hit('url:/account/sessions/email,email:a@b.c', 4, 3600));
    const over = await second.hit('url:/account/sessions/email,email:a@b.c', 4, 3600);
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, true]);
    expect(results.map((result) => result.remaining)).toEqual([3, 2, 1, 0]);
    expect(over).toMatchObject({ allowed: false, remaining: 0, limit: 4 });
    expect(over.reset % 3600).toBe(0);
    expect(over.reset).toBeGreaterThan(Date.now() / 1000);
  });

  it('keeps keys apart and lets the window expire', async () => {
    expect((await first.hit('ip:10.0.0.1', 1, 1)).allowed).toBe(true);
    expect((await first.hit('ip:10.0.0.2', 1, 1)).allowed).toBe(true);
    expect((await first.hit('ip:10.0.0.1', 1, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await first.hit('ip:10.0.0.1', 1, 1)).allowed).toBe(true);
  });
});

describe('RedisRateLimiter when Redis cannot be reached', () => {
  it('refuses with 503 general_service_unavailable instead of letting the request through or failing with 500', async () => {
    // Port 1 on loopback: connection refused at once.
    const limiter = new RedisRateLimiter('redis://127.0.0.1:1', `down-${process.pid}`);
    try {
      const failure = await limiter.hit('url:/account/sessions/email', 10, 60).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(RateLimiterUnavailableError);
      expect(failure).toMatchObject({ code: 503, type: 'general_service_unavailable' });
    } finally {
      await limiter.close().catch(() => {});
    }
  });
});
