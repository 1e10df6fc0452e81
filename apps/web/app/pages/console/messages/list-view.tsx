import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../../../components/account/alerts';
import { LocalTime } from '../../../components/account/local-time';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { cn } from '../../../lib/cn';
import { MessageSearch, StatusFilter } from './list-filters';
import { messageHref, messagesHref } from './list-params';
import { StatusBadge } from './status-badge';
import type { MessageListData, MessageSummary } from './types';

/** The contact messages, newest first: who wrote, about what, and whether somebody answered. */
export function MessageListPage({ data }: { data: MessageListData }) {
  const { t } = useTranslation('team');
  const { filter } = data;
  const filtered = filter.status !== '' || filter.q !== '';
  return (
    <ConsoleLayout active="messages">
      <PageHeader title={t('messages.title')} description={<p>{t('messages.intro')}</p>} />
      <div className="space-y-4">
        {data.notice ? <Notice>{t(`messages.notice.${data.notice}`)}</Notice> : null}
        <StatusFilter filter={filter} newCount={data.newCount} />
        <MessageSearch filter={filter} />
        <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
          {t('messages.count', { count: data.total })}
        </p>
        {data.rows.length ? (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {data.rows.map((row) => (
              <MessageRow key={row.id} row={row} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            {filtered ? t('messages.noneMatching') : t('messages.none')}
            {filtered ? (
              <>
                {' '}
                <Link to={messagesHref()} className="font-semibold text-green-800 underline underline-offset-4 dark:text-green-400">
                  {t('messages.showAll')}
                </Link>
              </>
            ) : null}
          </p>
        )}
      </div>
      <Pagination page={filter.page} pageCount={data.pageCount} />
    </ConsoleLayout>
  );
}

function MessageRow({ row }: { row: MessageSummary }) {
  const unread = row.status === 'new';
  return (
    <li className="p-3 sm:p-4" data-testid="message-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <StatusBadge status={row.status} />
        <span className="break-words">
          {row.name} · <span className="break-all">{row.email}</span>
        </span>
        <span className="ml-auto text-slate-600 dark:text-slate-400">
          <LocalTime value={row.receivedAt} />
        </span>
      </div>
      <h2 className={cn('mt-1 break-words text-base', unread ? 'font-bold' : 'font-semibold')}>
        <Link to={messageHref(row.id)} className="text-green-800 underline-offset-4 hover:underline dark:text-green-400">
          {row.subject}
        </Link>
      </h2>
      <p className="mt-0.5 break-words text-sm text-slate-700 dark:text-slate-300">{row.excerpt}</p>
    </li>
  );
}
