import type { PartyBadge } from '../../lib/directory/candidate-rows';
import { PartySwatch } from '../parties/party-swatch';

/** Abbreviation and colour of a candidate's party, or `independentLabel` ("Independent"). */
export function PartyLabel({ party, independentLabel }: { party: PartyBadge | null; independentLabel: string }) {
  if (!party) return <span className="inline-flex items-center gap-1.5">{independentLabel}</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <PartySwatch colour={party.colour} />
      <abbr title={party.name} className="no-underline">
        {party.abbreviation}
      </abbr>
    </span>
  );
}
