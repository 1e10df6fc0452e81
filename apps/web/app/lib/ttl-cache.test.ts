import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

function clockedCache(ttlMs: number, maxEntries: number) {
  const clock = { now: 1_000 };
  const cache = new TtlCache<string>({ ttlMs, maxEntries, now: () => clock.now });
  let loads = 0;
  const load = (value: string) => () => {
    loads++;
    return Promise.resolve(value);
  };
  return { clock, cache, load, loads: () => loads };
}

describe('TtlCache', () => {
  it('serves a loaded value until its time is up, then loads again', async () => {
    const { clock, cache, load, loads } = clockedCache(5_000, 10);
    expect(await cache.get('offices', load('v1'))).toBe('v1');
    clock.now += 4_999;
    expect(await cache.get('offices', load('v2'))).toBe('v1');
    expect(loads()).toBe(1);
    clock.now += 1;
    expect(await cache.get('offices', load('v2'))).toBe('v2');
    expect(loads()).toBe(2);
  });

  it('holds at most maxEntries keys, dropping the oldest loaded first', async () => {
    const { cache, load, loads } = clockedCache(60_000, 2);
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('c', load('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('b', load('b2'))).toBe('b');
    expect(await cache.get('c', load('c2'))).toBe('c');
    expect(await cache.get('a', load('a2'))).toBe('a2');
    expect(loads()).toBe(4);
  });

  it('drops expired keys before evicting live ones', async () => {
    const { clock, cache, load } = clockedCache(1_000, 2);
    await cache.get('old', load('old'));
    clock.now += 500;
    await cache.get('live', load('live'));
    clock.now += 600;
    await cache.get('new', load('new'));
    expect(cache.size).toBe(2);
    expect(await cache.get('live', load('reloaded'))).toBe('live');
  });

  it('shares one load between callers waiting on the same key', async () => {
    const { cache } = clockedCache(5_000, 10);
    let loads = 0;
    let release: (value: string) => void = () => {};
    const slow = () => {
      loads++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.get('parties', slow);
    const second = cache.get('parties', slow);
    release('loaded');
    expect(await Promise.all([first, second])).toEqual(['loaded', 'loaded']);
    expect(loads).toBe(1);
  });

  it('keeps no failed load, so the next caller tries again', async () => {
    const { cache, load } = clockedCache(5_000, 10);
    await expect(cache.get('elections', () => Promise.reject(new Error('API down')))).rejects.toThrow('API down');
    expect(cache.size).toBe(0);
    expect(await cache.get('elections', load('recovered'))).toBe('recovered');
  });
});
