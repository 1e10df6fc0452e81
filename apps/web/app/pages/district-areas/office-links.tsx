import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildPath } from '../../lib/urls';
import { useAreaFormat } from '../area-hierarchy/format';
import { ALL_OFFICES } from '../district-candidates/constants';
import type { DistrictAreasData } from './loader.server';

/** Links to the district's candidate lists: all offices, then each office that has candidates. */
export function OfficeLinks({ offices, districtSlug }: { offices: DistrictAreasData['offices']; districtSlug: string }) {
  const { t } = useTranslation('areas');
  const format = useAreaFormat();
  return (
    <ul className="flex flex-wrap gap-2">
      {offices.map((office) => (
        <li key={office.slug}>
          <Link
            to={buildPath('districtCandidates', { office: office.slug, district: districtSlug })}
            className={
              office.slug === ALL_OFFICES
                ? 'inline-flex items-center gap-2 rounded-full bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 dark:bg-green-700 dark:hover:bg-green-600 dark:focus-visible:outline-green-400'
                : 'inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-green-800 hover:border-green-600 dark:border-slate-600 dark:bg-slate-900 dark:text-green-400'
            }
          >
            {office.name ?? t('districtAreas.allOffices')}
            <span
              className={
                office.slug === ALL_OFFICES
                  ? 'rounded-full bg-black/25 px-1.5 text-xs tabular-nums'
                  : 'rounded-full bg-slate-100 px-1.5 text-xs tabular-nums text-slate-700 dark:bg-slate-800 dark:text-slate-300'
              }
            >
              {format.count(office.candidates)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
