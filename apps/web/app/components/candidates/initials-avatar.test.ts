import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials-avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('María José Achieng\'')).toBe('MA');
    expect(initialsOf('Ŋoni Banda')).toBe('ŊB');
    expect(initialsOf('Madonna')).toBe('M');
  });

  it('keeps combining marks with their letter', () => {
    expect(initialsOf('Ọ̀la Wu')).toBe('Ọ̀W');
  });
});

describe('initialsOf on plain and joined first letters', () => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const segmented = (name: string) => {
    const words = name.normalize('NFC').split(/\s+/).filter((word) => /\p{L}/u.test(word));
    const first = (word: string) => [...segmenter.segment(word)][0]?.segment ?? '';
    return (first(words[0]!) + (words.length > 1 ? first(words[words.length - 1]!) : '')).toLocaleUpperCase();
  };

  it('agrees with grapheme segmentation whether or not the second character joins the first', () => {
    for (const name of ['ama owusu', 'A\u0301ma Kofi', 'E\u0323\u0300mi O\u0304la', 'ß Straße', 'ǅemal Ɓello', 'Ŋ\u0308 Wu', '👩‍⚕️ Asante', 'ꞌOkello N\u0303', 'x']) {
      expect(initialsOf(name)).toBe(segmented(name));
    }
  });
});
