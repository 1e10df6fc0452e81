import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryWriterPositions, RedisWriterPositions, WRITER_POSITION_TTL_MS, type WriterPositions } from './writer-positions.ts';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const redisUp = await new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  .connect()
  .then(
    () => true,
    () => false,
  );

function behavesAsAWriterPositionStore(open: () => WriterPositions) {
  let positions: WriterPositions;
  beforeAll(() => {
    positions = open();
  });
  afterAll(() => positions.close());

  it('knows nothing of a writer that never wrote', async () => {
    expect(await positions.lastCommit(`nobody-${Math.random()}`)).toBeUndefined();
  });

  it('keeps the latest position when two commits of one writer are recorded out of order', async () => {
    const writer = `session:${Math.random()}`;
    await positions.record(writer, 0x16_0000_0100n);
    await positions.record(writer, 0x16_0000_0050n);
    expect(await positions.lastCommit(writer)).toBe(0x16_0000_0100n);
    await positions.record(writer, 0x17_0000_0000n);
    expect(await positions.lastCommit(writer)).toBe(0x17_0000_0000n);
  });
}

describe('MemoryWriterPositions', () => {
  behavesAsAWriterPositionStore(() => new MemoryWriterPositions());

  afterEach(() => vi.useRealTimers());
  it('forgets a position once it has surely been replayed', async () => {
    vi.useFakeTimers();
    const positions = new MemoryWriterPositions();
    await positions.record('key:', 42n);
    vi.advanceTimersByTime(WRITER_POSITION_TTL_MS - 1);
    expect(await positions.lastCommit('key:')).toBe(42n);
    vi.advanceTimersByTime(2);
    expect(await positions.lastCommit('key:')).toBeUndefined();
  });
});

describe.skipIf(!redisUp)('RedisWriterPositions [redis]', () => {
  behavesAsAWriterPositionStore(() => new RedisWriterPositions(REDIS_URL, `test-${process.pid}-${Math.random().toString(36).slice(2)}`));

  it('shares positions between processes (two clients of one prefix)', async () => {
    const prefix = `test-${process.pid}-${Math.random().toString(36).slice(2)}`;
    const [one, other] = [new RedisWriterPositions(REDIS_URL, prefix), new RedisWriterPositions(REDIS_URL, prefix)];
    try {
      await one.record('session:s1', 7n);
      expect(await other.lastCommit('session:s1')).toBe(7n);
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });

  it('answers unknown (reads go to the primary) when Redis cannot be reached', async () => {
    const unreachable = new RedisWriterPositions('redis://127.0.0.1:1', 'nowhere');
    try {
      expect(await unreachable.lastCommit('session:s1')).toBe('unknown');
    } finally {
      await unreachable.close();
    }
  });
});
