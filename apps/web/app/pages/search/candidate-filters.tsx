import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INDEPENDENT } from '../../lib/directory/candidate-rows';
import { staticPaths } from '../../lib/urls';
import { hasCandidateFilters, searchHref, type SearchParams } from './params';
import type { FilterOption, SearchData } from './types';

const selectClass =
  'mt-1 w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

function FilterSelect({ name, label, anyLabel, value, options }: { name: string; label: string; anyLabel: string; value: string; options: FilterOption[] }) {
  const id = `search-filter-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={selectClass}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A plain GET form (works without JavaScript) narrowing candidate results. */
export function CandidateFilters({ params, filters }: { params: SearchParams; filters: SearchData['filters'] }) {
  const { t } = useTranslation('search');
  const parties = [...filters.parties, { value: INDEPENDENT, label: t('filters.independent') }];
  return (
    <form method="get" action={staticPaths.search} className="mb-6 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900">
      <fieldset>
        <legend className="mb-2 font-semibold">{t('filters.legend')}</legend>
        <input type="hidden" name="q" value={params.q} />
        <input type="hidden" name="type" value="candidates" />
        <div className="grid gap-3 sm:grid-cols-3">
          <FilterSelect name="region" label={t('filters.region')} anyLabel={t('filters.allRegions')} value={params.region} options={filters.regions} />
          <FilterSelect name="party" label={t('filters.party')} anyLabel={t('filters.allParties')} value={params.party} options={parties} />
          <FilterSelect name="office" label={t('filters.office')} anyLabel={t('filters.allOffices')} value={params.office} options={filters.offices} />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <button type="submit" className="rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 dark:bg-green-600 dark:text-slate-950 dark:hover:bg-green-500">
            {t('filters.apply')}
          </button>
          {hasCandidateFilters(params) ? (
            <Link to={searchHref({ q: params.q, type: 'candidates' })} className="text-sm font-medium text-green-800 underline underline-offset-4 dark:text-green-400">
              {t('filters.clear')}
            </Link>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
