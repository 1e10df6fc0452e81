import { foldSearchText } from '@ballot-atlas/shared/text/search-text';

export interface Segment {
  text: string;
  match: boolean;
}

const joiner = /^[\p{M}'’‘ʼ`´]$/u;
const wordChar = /^[\p{L}\p{N}]/u;

interface Token {
  start: number;
  /** End offset in the original text after each folded character, so a prefix maps back. */
  ends: number[];
  folded: string;
}

/** Words as the search index sees them: apostrophes and accents join, everything else splits. */
function tokens(text: string): Token[] {
  const found: Token[] = [];
  let current: Token | null = null;
  let offset = 0;
  for (const char of text) {
    const next = offset + char.length;
    const folded = foldSearchText(char);
    if (folded !== '' && wordChar.test(char.normalize('NFKD'))) {
      current ??= { start: offset, ends: [], folded: '' };
      for (let i = 0; i < folded.length; i += 1) current.ends.push(next);
      current.folded += folded;
    } else if (current && joiner.test(char)) {
      const last = current.ends.length - 1;
      if (last >= 0) current.ends[last] = next;
    } else if (current) {
      found.push(current);
      current = null;
    }
    offset = next;
  }
  if (current) found.push(current);
  return found;
}

/**
 * Splits `text` into marked and unmarked runs for the folded search `terms`, with the API's
 * semantics: a word matches a term exactly, or the last term as a prefix (`munoz` marks "Muñoz",
 * `ob` marks "O'B" of "O'Brien").
 */
export function highlightSegments(text: string, terms: readonly string[]): Segment[] {
  if (terms.length === 0 || text === '') return [{ text, match: false }];
  const last = terms[terms.length - 1] as string;
  const ranges: [number, number][] = [];
  for (const token of tokens(text)) {
    const length = terms.includes(token.folded) ? token.folded.length : token.folded.startsWith(last) ? last.length : 0;
    if (length > 0) ranges.push([token.start, token.ends[length - 1] as number]);
  }
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}
