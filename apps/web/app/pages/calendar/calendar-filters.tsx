import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { calendarPath, staticPaths } from '../../lib/urls';
import { monthKey } from './dates';
import type { RegionSummary } from './events.server';
import { EVENT_KINDS, toQuery, type CalendarParams } from './query';

const fieldClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-500 dark:bg-slate-900';

/** A GET form, so every filtered calendar has its own address and works without JavaScript. */
export function CalendarFilters({ params, monthChosen, regions }: { params: CalendarParams; monthChosen: boolean; regions: RegionSummary[] }) {
  const { t } = useTranslation('calendar');
  const filtered = params.kind !== null || params.region !== null;
  return (
    <Form method="get" action={staticPaths.calendar} aria-labelledby="calendar-filters-title" className="rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900/60">
      <h2 id="calendar-filters-title" className="text-base font-semibold">
        {t('filters.label')}
      </h2>
      {params.view === 'list' ? <input type="hidden" name="view" value="list" /> : null}
      {monthChosen ? <input type="hidden" name="month" value={monthKey(params.month)} /> : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto] lg:items-end">
        <div>
          <label htmlFor="calendar-kind" className="text-sm font-medium">
            {t('filters.kind')}
          </label>
          <select id="calendar-kind" name="kind" defaultValue={params.kind ?? ''} className={fieldClass}>
            <option value="">{t('filters.allKinds')}</option>
            {EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="calendar-region" className="text-sm font-medium">
            {t('filters.region')}
          </label>
          <select id="calendar-region" name="region" defaultValue={params.region ?? ''} aria-describedby="calendar-region-hint" className={fieldClass}>
            <option value="">{t('filters.allRegions')}</option>
            {regions.map((region) => (
              <option key={region.$id} value={region.slug}>
                {region.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-1">
          <button type="submit" className="rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 dark:bg-green-600 dark:hover:bg-green-500 dark:text-slate-950">
            {t('filters.apply')}
          </button>
          {filtered ? (
            <Link to={calendarPath(toQuery(params, { kind: undefined, region: undefined }))} className="text-sm font-medium text-green-800 underline underline-offset-4 dark:text-green-400">
              {t('filters.clear')}
            </Link>
          ) : null}
        </div>
      </div>
      <p id="calendar-region-hint" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {t('filters.regionHint')}
      </p>
    </Form>
  );
}
