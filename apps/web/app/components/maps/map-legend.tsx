import { useTranslation } from 'react-i18next';
import type { MapResults } from '../../lib/maps/types';
import { patternId } from './map-patterns';

const SWATCH = 'h-4 w-6 shrink-0 rounded-sm border border-slate-400 dark:border-slate-500';

/** What each fill means: the race, every leading party's colour and pattern, and the neutral fill. */
export function MapLegend({ results, prefix }: { results: MapResults; prefix: string }) {
  const { t } = useTranslation('maps');
  return (
    <div className="text-sm">
      <p className="mb-2 font-medium text-slate-800 dark:text-slate-200">{t('legend.heading', { office: results.office, election: results.election })}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1.5">
        {results.parties.map((party) => (
          <li key={party.id} className="flex items-center gap-2">
            <svg className={SWATCH} viewBox="0 0 24 16" aria-hidden="true">
              <rect width="24" height="16" fill={`url(#${patternId(prefix, party)})`} />
            </svg>
            <span>
              {party.name}
              {party.abbreviation ? ` (${party.abbreviation})` : ''}
            </span>
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span className={`${SWATCH} bg-slate-200 dark:bg-slate-800`} aria-hidden="true" />
          <span>{t('legend.noResult')}</span>
        </li>
      </ul>
    </div>
  );
}
