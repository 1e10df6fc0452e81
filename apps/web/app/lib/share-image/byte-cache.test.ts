import { describe, expect, it } from 'vitest';
import { ByteLimitedCache } from './byte-cache';

const bytes = (size: number) => Buffer.alloc(size);

describe('ByteLimitedCache', () => {
  it('renders a key once, and shares the render with callers that ask meanwhile', async () => {
    const cache = new ByteLimitedCache(100);
    let renders = 0;
    const render = async () => {
      renders += 1;
      return bytes(10);
    };
    await Promise.all([cache.get('a', render), cache.get('a', render)]);
    await cache.get('a', render);
    expect(renders).toBe(1);
    expect(cache.bytes).toBe(10);
  });

  it('drops the least recently used once over its byte limit', async () => {
    const cache = new ByteLimitedCache(25);
    await cache.get('a', async () => bytes(10));
    await cache.get('b', async () => bytes(10));
    await cache.peek('a');
    await cache.get('c', async () => bytes(10));
    await Promise.resolve();
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
    expect(cache.peek('c')).toBeDefined();
    expect(cache.bytes).toBe(20);
  });

  it('forgets a failed render, so the next request tries again', async () => {
    const cache = new ByteLimitedCache(100);
    await expect(cache.get('a', async () => Promise.reject(new Error('API down')))).rejects.toThrow('API down');
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', async () => bytes(5))).toHaveLength(5);
  });
});
