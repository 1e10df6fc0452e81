import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildPath } from '../../lib/urls';
import { useAreaFormat } from '../area-hierarchy/format';
import { KindBadge } from '../area-hierarchy/kind-badge';
import type { DistrictAreasData } from './loader.server';

const cell = 'flex justify-between gap-4 px-4 py-1 sm:table-cell sm:py-2 before:font-normal before:text-slate-600 before:content-[attr(data-label)] sm:before:content-none dark:before:text-slate-400';

/** A table on wide screens; below `sm` every row becomes a labelled card, so 320 px never scrolls. */
export function AreaTable({ areas, regionSlug }: { areas: DistrictAreasData['electoralAreas']; regionSlug: string }) {
  const { t } = useTranslation('areas');
  const format = useAreaFormat();
  return (
    <table className="block w-full text-sm sm:table sm:rounded-lg sm:border sm:border-slate-200 sm:dark:border-slate-800">
      <caption className="sr-only">{t('districtAreas.tableCaption')}</caption>
      <thead className="sr-only sm:not-sr-only sm:table-header-group sm:bg-slate-50 sm:dark:bg-slate-900">
        <tr className="text-left text-slate-700 dark:text-slate-300">
          <th scope="col" className="px-4 py-2 font-semibold">{t('districtAreas.column.name')}</th>
          <th scope="col" className="px-4 py-2 font-semibold">{t('districtAreas.column.kind')}</th>
          <th scope="col" className="px-4 py-2 text-right font-semibold">{t('stat.registeredVoters')}</th>
          <th scope="col" className="px-4 py-2 text-right font-semibold">{t('stat.pollingStations')}</th>
          <th scope="col" className="px-4 py-2 text-right font-semibold">{t('stat.candidates')}</th>
        </tr>
      </thead>
      <tbody className="block space-y-3 sm:table-row-group sm:space-y-0 sm:divide-y sm:divide-slate-200 sm:dark:divide-slate-800">
        {areas.map((area) => (
          <tr key={area.slug} className="block rounded-lg border border-slate-200 bg-white py-2 sm:table-row sm:rounded-none sm:border-0 sm:py-0 dark:border-slate-800 dark:bg-slate-900 sm:dark:bg-slate-950">
            <th scope="row" className="block px-4 py-1 text-left font-semibold sm:table-cell sm:py-2">
              <Link to={buildPath('candidatesOfArea', { area: area.slug, region: regionSlug })} className="break-words text-green-800 underline underline-offset-2 hover:decoration-2 dark:text-green-400">
                {area.name}
              </Link>
              {area.code ? <span className="ml-2 font-mono text-xs font-normal text-slate-600 dark:text-slate-400">{area.code}</span> : null}
            </th>
            <td data-label={t('districtAreas.column.kind')} className={cell}>
              <KindBadge kind={area.kind} />
            </td>
            <td data-label={t('stat.registeredVoters')} className={`${cell} tabular-nums sm:text-right`}>{format.number(area.registeredVoters)}</td>
            <td data-label={t('stat.pollingStations')} className={`${cell} tabular-nums sm:text-right`}>{format.number(area.pollingStations)}</td>
            <td data-label={t('stat.candidates')} className={`${cell} font-semibold tabular-nums sm:text-right`}>{format.count(area.candidates)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
