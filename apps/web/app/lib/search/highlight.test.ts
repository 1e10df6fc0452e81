import { searchTerms } from '@ballot-atlas/shared/text/search-text';
import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

const marked = (text: string, query: string): string =>
  highlightSegments(text, searchTerms(query))
    .map((segment) => (segment.match ? `[${segment.text}]` : segment.text))
    .join('');

describe('highlightSegments', () => {
  it('matches folded text: accents, case and apostrophes', () => {
    expect(marked('Thành Muñoz', 'munoz')).toBe('Thành [Muñoz]');
    expect(marked("Amara O'Brien", 'obrien')).toBe("Amara [O'Brien]");
    expect(marked('Adébáyọ̀ Nguyễn', 'adebayo')).toBe('[Adébáyọ̀] Nguyễn');
  });

  it('marks the last term as a prefix and earlier terms as whole words', () => {
    expect(marked('Halima Ng and Ngozi', 'ng')).toBe('Halima [Ng] and [Ng]ozi');
    expect(marked("Rokia N'Guessan", 'rokia n')).toBe("[Rokia] [N']Guessan");
    expect(marked('Bo Bongo', 'bo bon')).toBe('[Bo] [Bon]go');
  });

  it('maps prefixes back through letters that fold to two', () => {
    expect(marked('Straße', 'stras')).toBe('[Straß]e');
  });

  it('splits on hyphens like the index does', () => {
    expect(marked('García-López', 'lopez')).toBe('García-[López]');
  });

  it('returns the text untouched without terms or matches', () => {
    expect(marked('Côte d’Émeraude', '')).toBe('Côte d’Émeraude');
    expect(marked('Côte d’Émeraude', 'zzz')).toBe('Côte d’Émeraude');
  });
});
