import { describe, expect, it } from 'vitest';
import { partFile, readPartFile, SMALL_PART_NAMES } from './part-names';

describe('sitemap part names', () => {
  it('have one small part per small type', () => {
    expect(SMALL_PART_NAMES).toEqual(['pages', 'regions', 'parties', 'events']);
  });

  it('round-trip', () => {
    for (const part of [{ kind: 'pages' as const }, { kind: 'events' as const }, { kind: 'candidates' as const, number: 20 }, { kind: 'electoral-areas' as const, number: 1 }]) {
      expect(readPartFile(partFile(part))).toEqual(part);
    }
  });

  it('refuse unknown kinds, part 0 and other files', () => {
    for (const file of ['candidates-0.xml', 'candidates-01.xml', 'regions-1.xml', 'candidates.xml', 'users.xml', 'candidates-1.txt', '../pages.xml', 'pages']) expect(readPartFile(file)).toBeNull();
  });
});
