import type { MapParty, PatternName } from '../../lib/maps/types';

/** Marks drawn over a party's colour in one 8 px tile. */
const MARKS: Record<PatternName, (ink: string) => React.ReactNode> = {
  diagonal: (ink) => <path d="M-2,2L2,-2M0,8L8,0M6,10L10,6" stroke={ink} strokeWidth="1.5" />,
  backDiagonal: (ink) => <path d="M-2,6L2,10M0,0L8,8M6,-2L10,2" stroke={ink} strokeWidth="1.5" />,
  crosshatch: (ink) => <path d="M0,8L8,0M0,0L8,8" stroke={ink} strokeWidth="1" />,
  horizontal: (ink) => <path d="M0,4H8" stroke={ink} strokeWidth="1.5" />,
  vertical: (ink) => <path d="M4,0V8" stroke={ink} strokeWidth="1.5" />,
  grid: (ink) => <path d="M0,4H8M4,0V8" stroke={ink} strokeWidth="1" />,
  dots: (ink) => <circle cx="4" cy="4" r="1.6" fill={ink} />,
  rings: (ink) => <circle cx="4" cy="4" r="2.2" fill="none" stroke={ink} strokeWidth="1" />,
};

export const patternId = (prefix: string, party: MapParty): string => `${prefix}-${party.id}`;

/** One fill per party: its colour with its pattern on top, so the map reads without colour vision. */
export function MapPatterns({ parties, prefix }: { parties: readonly MapParty[]; prefix: string }) {
  return (
    <defs>
      {parties.map((party) => (
        <pattern key={party.id} id={patternId(prefix, party)} width="8" height="8" patternUnits="userSpaceOnUse">
          <rect width="8" height="8" fill={party.colour} />
          <g opacity="0.65">{MARKS[party.pattern](party.ink)}</g>
        </pattern>
      ))}
    </defs>
  );
}
