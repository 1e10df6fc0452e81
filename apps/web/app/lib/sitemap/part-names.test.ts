import { describe, expect, it } from 'vitest';
import { partFile, readPartFile } from './part-names';

describe('sitemap part names', () => {
  it('round-trip', () => {
    for (const part of [{ kind: 'pages' as const }, { kind: 'candidates' as const, number: 20 }, { kind: 'electoral-areas' as const, number: 1 }]) {
      expect(readPartFile(partFile(part))).toEqual(part);
    }
  });

  it('refuse unknown kinds, part 0 and other files', () => {
    for (const file of ['candidates-0.xml', 'candidates-01.xml', 'regions-1.xml', 'candidates-1.txt', '../pages.xml', 'pages']) expect(readPartFile(file)).toBeNull();
  });
});
