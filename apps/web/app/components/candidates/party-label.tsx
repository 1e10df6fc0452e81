import { useTranslation } from 'react-i18next';
import type { PartyBadge } from '../../lib/directory/candidate-rows';
import { PartySwatch } from '../parties/party-swatch';

/** Abbreviation and colour of a candidate's party, or "Independent". */
export function PartyLabel({ party }: { party: PartyBadge | null }) {
  const { t } = useTranslation('candidates');
  if (!party) return <span className="inline-flex items-center gap-1.5">{t('list.independent')}</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <PartySwatch colour={party.colour} />
      <abbr title={party.name} className="no-underline">
        {party.abbreviation}
      </abbr>
    </span>
  );
}
