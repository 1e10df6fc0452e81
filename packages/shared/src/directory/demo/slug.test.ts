import { describe, expect, it } from 'vitest';
import { SlugRegistry, slugify } from './slug.ts';

describe('slugify', () => {
  it('lower-cases, keeps non-ASCII letters, drops apostrophes, hyphenates the rest', () => {
    expect(slugify('Heart of the Valley')).toBe('heart-of-the-valley');
    expect(slugify("Côte d'Émeraude")).toBe('côte-démeraude');
    expect(slugify("Amara O'Brien")).toBe('amara-obrien');
    expect(slugify('Ŋoma-Kati')).toBe('ŋoma-kati');
    expect(slugify('Đông Hải')).toBe('đông-hải');
    expect(slugify('  Mensah-Bonsu  (jr.) ')).toBe('mensah-bonsu-jr');
    expect(slugify('Adébáyọ̀')).toBe('adébáyọ̀'.normalize('NFC'));
    expect(slugify('Bo')).toBe('bo');
  });

  it('joins like the parts: slugify(a + " " + b) === slugify(a) + "-" + slugify(b)', () => {
    for (const [a, b] of [['Jean-Baptiste', "N'Guessan"], ['María José', 'de la Cruz'], ['Zé', "Achieng'"]] as const) {
      expect(slugify(`${a} ${b}`)).toBe(`${slugify(a)}-${slugify(b)}`);
    }
  });
});

describe('SlugRegistry', () => {
  it('adds -2, -3 … on collision', () => {
    const r = new SlugRegistry();
    expect([r.take('bo'), r.take('bo'), r.take('ng'), r.take('bo')]).toEqual(['bo', 'bo-2', 'ng', 'bo-3']);
  });
});
