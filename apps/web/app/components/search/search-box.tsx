import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The header's search box: a plain GET form to /search. */
export function SearchBox() {
  const { t } = useTranslation('common');
  return (
    <form method="get" action="/search" role="search" className="relative flex w-full items-center">
      <label htmlFor="site-search" className="sr-only">
        {t('search.label')}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute left-2.5 size-4 text-slate-500" />
      <input
        id="site-search"
        name="q"
        type="search"
        placeholder={t('search.placeholder')}
        className="w-full rounded-md border border-slate-300 bg-white py-1.5 pl-8 pr-2 text-sm placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900"
      />
    </form>
  );
}
