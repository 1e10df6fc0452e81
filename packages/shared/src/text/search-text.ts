/**
 * Folding used on both sides of full-text search: what is indexed and what is typed go through the
 * same function, so `munoz` finds Muñoz and `obrien` finds O'Brien on every engine.
 */
const apostrophes = /['’‘ʼ`´]/g;
const letterFolds: Record<string, string> = {
  ø: 'o', đ: 'd', ð: 'd', ł: 'l', ß: 'ss', æ: 'ae', œ: 'oe', ɔ: 'o', ɛ: 'e', ŋ: 'n', ı: 'i', þ: 'th', ƙ: 'k', ɗ: 'd', ɓ: 'b', ƴ: 'y',
};
const foldable = new RegExp(`[${Object.keys(letterFolds).join('')}]`, 'g');

export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(apostrophes, '')
    .replace(foldable, (letter) => letterFolds[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const MAX_SEARCH_TERMS = 16;

/** The terms of a search string: folded words, at most MAX_SEARCH_TERMS, each [\p{L}\p{N}]+. */
export function searchTerms(text: string): string[] {
  const folded = foldSearchText(text);
  return folded === '' ? [] : folded.split(' ').slice(0, MAX_SEARCH_TERMS);
}
