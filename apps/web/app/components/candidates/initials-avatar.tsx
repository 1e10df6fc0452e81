import { cn } from '../../lib/cn';

const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** Below U+0300 nothing joins the character before it (combining marks, ZWJ, surrogates all lie above). */
const LAST_SIMPLE_CHAR = 0x2ff;

function firstLetter(word: string): string {
  // Most names start with a plain character: skip the segmenter, which costs more than a list row.
  if (word.charCodeAt(0) <= LAST_SIMPLE_CHAR && (word.length === 1 || word.charCodeAt(1) <= LAST_SIMPLE_CHAR)) return word.charAt(0);
  if (graphemes) return graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';
  return Array.from(word)[0] ?? '';
}

/** "Adébáyọ̀ Wu" → "AW": first and last name, whole letters (accents and combining marks kept). */
export function initialsOf(name: string): string {
  const words = name.normalize('NFC').split(/\s+/).filter((word) => /\p{L}/u.test(word));
  if (words.length === 0) return '?';
  const first = firstLetter(words[0]!);
  const last = words.length > 1 ? firstLetter(words[words.length - 1]!) : '';
  return (first + last).toLocaleUpperCase();
}

/** Photo placeholder: the candidate's initials (photos arrive with file storage). */
export function InitialsAvatar({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center rounded-full bg-green-100 font-semibold text-green-900 ring-1 ring-green-800/10 dark:bg-green-900 dark:text-green-50 dark:ring-green-300/20',
        size === 'lg' ? 'size-28 text-3xl sm:size-32 sm:text-4xl' : 'size-11 text-sm',
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
