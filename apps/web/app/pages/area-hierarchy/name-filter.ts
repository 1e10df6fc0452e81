/** Letters that do not decompose into a base letter plus accents, folded by hand. */
const extraFolds: Record<string, string> = { ø: 'o', đ: 'd', ŋ: 'n', ɔ: 'o', ɛ: 'e', ł: 'l', æ: 'ae', œ: 'oe', ß: 'ss', ı: 'i' };

/** Lower case, no accents, curly and straight apostrophes dropped: "Côte d’Émeraude" → "cote demeraude". */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øđŋɔɛłæœßı]/g, (letter) => extraFolds[letter] ?? letter)
    .replace(/['’‘`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The same test on the server (the `?q=` page) and in the browser (while typing). */
export function nameMatches(name: string, query: string): boolean {
  const needle = foldName(query);
  return needle === '' || foldName(name).includes(needle);
}
