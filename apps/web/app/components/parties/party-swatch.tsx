import { cn } from '../../lib/cn';
import { safeColour } from '../../lib/colour-contrast';

/** A party's colour as a small square; decorative, the party is always named beside it. */
export function PartySwatch({ colour, className }: { colour: string | null; className?: string }) {
  const safe = safeColour(colour);
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-3 shrink-0 rounded-sm ring-1 ring-slate-900/20 dark:ring-white/30', !safe && 'bg-slate-300 dark:bg-slate-600', className)}
      style={safe ? { backgroundColor: safe } : undefined}
    />
  );
}
