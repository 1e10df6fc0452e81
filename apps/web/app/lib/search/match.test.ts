import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { describe, expect, it } from 'vitest';
import { byMatchRank, matchesTerms } from './match';

describe('matchesTerms', () => {
  it('matches folded words, the last one as a prefix', () => {
    expect(matchesTerms("Côte d'Émeraude", searchTerms('cote'))).toBe(true);
    expect(matchesTerms("Côte d'Émeraude", searchTerms('demer'))).toBe(true);
    expect(matchesTerms('Bo', searchTerms('Bo'))).toBe(true);
    expect(matchesTerms('Great Lakes Region', searchTerms('great lak'))).toBe(true);
  });

  it('needs earlier terms to be whole words', () => {
    expect(matchesTerms('Great Lakes Region', searchTerms('gre lakes'))).toBe(false);
    expect(matchesTerms('Land in the Hills', searchTerms('bo'))).toBe(false);
    expect(matchesTerms('Land in the Hills', [])).toBe(false);
  });
});

describe('byMatchRank', () => {
  it('puts exact names first, then whole words, then prefixes, stable otherwise', () => {
    const names = ['Abena Boateng', 'Bo Mensah', 'Bo', 'Adjoa Boateng', 'Kofi Bo'];
    expect(byMatchRank(names, searchTerms('bo'), (name) => name)).toEqual(['Bo', 'Bo Mensah', 'Kofi Bo', 'Abena Boateng', 'Adjoa Boateng']);
  });
});
