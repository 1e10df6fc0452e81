import { describe, expect, it } from 'vitest';
import { securityPhrase } from './phrase.ts';

describe('securityPhrase', () => {
  it('is a capitalised adjective and a lower-case noun', () => {
    for (let i = 0; i < 200; i++) expect(securityPhrase()).toMatch(/^[A-Z][a-z]+ [a-z]+$/);
  });

  it('draws from at least 50 words on each side', () => {
    const adjectives = new Set<string>();
    const nouns = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const [adjective, noun] = securityPhrase().split(' ');
      adjectives.add(adjective!);
      nouns.add(noun!);
    }
    expect(adjectives.size).toBeGreaterThanOrEqual(50);
    expect(nouns.size).toBeGreaterThanOrEqual(50);
  });
});
