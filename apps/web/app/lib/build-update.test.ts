import { describe, expect, it } from 'vitest';
import { RELOAD_THROTTLE_MS, reloadAllowed } from './build-update';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('reload throttle after a failed chunk load', () => {
  it('reloads a path at most once per 10 s', () => {
    const storage = memoryStorage();
    expect(reloadAllowed('/Regions', 1_000, storage)).toBe(true);
    expect(reloadAllowed('/Regions', 1_000 + RELOAD_THROTTLE_MS - 1, storage)).toBe(false);
    expect(reloadAllowed('/Regions', 1_000 + RELOAD_THROTTLE_MS, storage)).toBe(true);
  });

  it('throttles each path on its own', () => {
    const storage = memoryStorage();
    expect(reloadAllowed('/Regions', 5_000, storage)).toBe(true);
    expect(reloadAllowed('/Districts', 5_001, storage)).toBe(true);
    expect(reloadAllowed('/Regions', 5_002, storage)).toBe(false);
  });

  it('survives a corrupted record', () => {
    const storage = memoryStorage();
    storage.setItem('build-reloads', '{not json');
    expect(reloadAllowed('/', 0, storage)).toBe(true);
  });
});
