import { describe, expect, it } from 'vitest';
import { catalogues, fallbackCatalogue } from './catalogue.ts';
import { placeholdersOf } from './interpolate.ts';

/** Every string of a catalogue by its path (`mail.recovery.subject`), the language tag left out. */
function strings(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') return found.set(path, value);
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (path === '' && key === 'language') continue;
    for (const entry of strings(child, path ? `${path}.${key}` : key)) found.set(...entry);
  }
  return found;
}

const reference = strings(fallbackCatalogue);

describe.each(Object.entries(catalogues))('the %s catalogue', (tag, catalogue) => {
  const own = strings(catalogue);

  it('is registered under its own language', () => {
    expect(catalogue.language).toBe(tag);
  });

  it('has exactly the keys of the English one', () => {
    expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it.each([...reference.keys()])('uses the same placeholders as English in %s', (key) => {
    expect(placeholdersOf(own.get(key) ?? '')).toEqual(placeholdersOf(reference.get(key)!));
  });

  it('has no empty or untrimmed string', () => {
    for (const text of own.values()) expect(text).toMatch(/^\S(.*\S)?$/s);
  });
});
