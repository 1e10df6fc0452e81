import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/account/buttons';
import { cn } from '../../../lib/cn';
import { numberFormat } from '../../../lib/intl';
import { consolePaths } from '../../../lib/console/paths';
import { messagesHref } from './list-params';
import { MESSAGE_STATUSES, type MessageFilter } from './types';

/** One link per status (and "all"), keeping the search words. */
export function StatusFilter({ filter, newCount }: { filter: MessageFilter; newCount: number }) {
  const { t, i18n } = useTranslation('team');
  const choices = [{ status: '' as const, label: t('messages.filter.all') }, ...MESSAGE_STATUSES.map((status) => ({ status, label: t(`messages.filter.${status}`) }))];
  return (
    <nav aria-label={t('messages.filter.label')}>
      <ul className="flex flex-wrap gap-1.5">
        {choices.map((choice) => {
          const current = choice.status === filter.status;
          return (
            <li key={choice.status || 'all'}>
              <Link
                to={messagesHref({ status: choice.status, q: filter.q })}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium',
                  current
                    ? 'border-green-700 bg-green-700 text-white dark:border-green-600 dark:bg-green-600 dark:text-slate-950'
                    : 'border-slate-300 text-slate-800 hover:border-green-700 hover:text-green-800 dark:border-slate-600 dark:text-slate-200 dark:hover:border-green-400 dark:hover:text-green-400',
                )}
              >
                {choice.label}
                {choice.status === 'new' && newCount > 0 ? <span className="font-semibold">({numberFormat(i18n.language).format(newCount)})</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A plain GET form: words to look for in the sender, subject and text, within the chosen status. */
export function MessageSearch({ filter }: { filter: MessageFilter }) {
  const { t } = useTranslation('team');
  return (
    <form method="get" action={consolePaths.messages} role="search" className="flex flex-wrap items-end gap-2">
      {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="messages-search" className="block text-sm font-semibold">
          {t('messages.search.label')}
        </label>
        <input
          id="messages-search"
          type="search"
          name="q"
          defaultValue={filter.q}
          maxLength={100}
          className="mt-1 block w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100"
        />
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        <Search aria-hidden="true" className="size-4" />
        {t('messages.search.submit')}
      </button>
      {filter.q ? (
        <Link to={messagesHref({ status: filter.status })} className={buttonClass('link', 'py-2 text-sm')}>
          {t('messages.search.clear')}
        </Link>
      ) : null}
    </form>
  );
}
