import { cn } from '../../lib/cn';
import { readableTextOn, safeColour } from '../../lib/colour-contrast';

/** "Green-Earth Alliance" → "GEA", for parties recorded without an abbreviation. */
function acronymOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/**
 * Stand-in for a party logo until logos are stored: the abbreviation on the party colour, with
 * text colour chosen for contrast. The text is always large and bold (WCAG "large text", 3:1), since
 * for some mid-tone colours neither white nor black reaches 4.5:1. Decorative: the party's name is
 * always written beside it.
 */
export function PartyLogo({ name, abbreviation, colour, size = 'md' }: { name: string; abbreviation: string | null; colour: string | null; size?: 'md' | 'lg' }) {
  const background = safeColour(colour) ?? '#475569';
  const label = Array.from(abbreviation || acronymOf(name)).slice(0, 5).join('');
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center self-start rounded-lg font-bold tracking-tight ring-1 ring-slate-900/10 dark:ring-white/20',
        size === 'lg' ? 'h-24 min-w-24 px-3 text-3xl' : 'h-14 min-w-16 px-1.5 text-xl',
      )}
      style={{ backgroundColor: background, color: readableTextOn(background) }}
    >
      {label}
    </span>
  );
}
