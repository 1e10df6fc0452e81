import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { SortOrder } from '../../lib/console/collections';
import type { TableQuery } from '../../lib/console/table-query';
import { buttonClass } from '../account/buttons';

/** The table's search box: a GET form, so a search has an address and works without JavaScript; the sort is kept. */
export function TableSearch({ label, query, defaultSort }: { label: string; query: TableQuery; defaultSort: SortOrder }) {
  const { t } = useTranslation('console');
  const keepSort = query.sort.key !== defaultSort.key || query.sort.direction !== defaultSort.direction;
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-52">
        <label htmlFor="console-search" className="block text-sm font-semibold">
          {label}
        </label>
        <input
          id="console-search"
          type="search"
          name="q"
          defaultValue={query.search}
          maxLength={256}
          className="mt-1 block w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100"
        />
      </div>
      {keepSort ? (
        <>
          <input type="hidden" name="sort" value={query.sort.key} />
          <input type="hidden" name="order" value={query.sort.direction} />
        </>
      ) : null}
      <button type="submit" className={buttonClass('secondary')}>
        <Search aria-hidden="true" className="size-4" />
        {t('table.search')}
      </button>
    </Form>
  );
}
