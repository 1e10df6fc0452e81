import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { staticPaths } from '../../lib/urls';

/** A GET form (works without script) whose input also filters the list as you type. */
export function DistrictFilterForm({ query, onQueryChange }: { query: string; onQueryChange: (query: string) => void }) {
  const { t } = useTranslation('areas');
  return (
    <Form method="get" action={staticPaths.districts} role="search" aria-label={t('districts.filterLabel')} className="mb-6 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="district-filter" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('districts.filterLabel')}
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
          <input
            id="district-filter"
            name="q"
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={t('districts.filterPlaceholder')}
            autoComplete="off"
            maxLength={100}
            className="w-full rounded-md border border-slate-300 bg-white py-2 pl-8 pr-2 text-sm placeholder:text-slate-500 focus-visible:border-green-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-green-700 dark:border-slate-600 dark:bg-slate-900 dark:placeholder:text-slate-400 dark:focus-visible:outline-green-400"
          />
        </div>
      </div>
      <button
        type="submit"
        className="rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 dark:focus-visible:outline-green-400"
      >
        {t('districts.filterSubmit')}
      </button>
    </Form>
  );
}
