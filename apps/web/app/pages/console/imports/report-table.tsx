import type { ImportRow } from '@ballot-atlas/shared/imports/import-job';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsoleFormat } from '../../../components/console/use-console-format';
import { cn } from '../../../lib/cn';
import { COLLECTION_VIEWS, type ConsoleCollectionId } from '../../../lib/console/collections';
import { consolePaths } from '../../../lib/console/paths';
import type { ImportJobData, ReportTab } from './types';

const cell = 'px-3 py-2 align-top';
const actionTone = {
  refused: 'text-red-800 dark:text-red-300',
  create: 'text-green-800 dark:text-green-400',
  update: 'text-amber-800 dark:text-amber-300',
  unchanged: 'text-slate-700 dark:text-slate-300',
} as const;

function RecordCell({ row, written }: { row: ImportRow; written: boolean }) {
  const { t } = useTranslation('console');
  const collection = t(`collections.${row.collectionId}.singular`, { defaultValue: row.collectionId });
  if (!row.recordId) return <>{collection}</>;
  // Only records that exist get a link: after the write, or rows that change nothing or an existing record.
  const exists = row.collectionId in COLLECTION_VIEWS && row.action !== 'refused' && (written || row.action !== 'create');
  return (
    <>
      {collection}{' '}
      {exists ? (
        <Link to={consolePaths.record(row.collectionId as ConsoleCollectionId, row.recordId)} className="font-mono text-green-800 underline underline-offset-4 dark:text-green-400">
          {row.recordId}
        </Link>
      ) : (
        <span className="font-mono">{row.recordId}</span>
      )}
    </>
  );
}

/** One page of the report: where each row is in the file, its record, what is done with it and why. */
export function ReportTable({ data, here }: { data: ImportJobData; here: (tab: ReportTab, page: number) => string }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const written = data.job.status === 'completed';
  return (
    <section aria-labelledby="import-report" className="space-y-3">
      <h2 id="import-report" className="text-lg font-semibold">
        {t('imports.report')}
      </h2>
      {data.tabs.length > 1 ? (
        <nav aria-label={t('imports.tabsLabel')}>
          <ul className="flex flex-wrap gap-2">
            {data.tabs.map(({ tab, count }) => (
              <li key={tab}>
                <Link
                  to={here(tab, 1)}
                  aria-current={tab === data.tab ? 'page' : undefined}
                  className={cn('inline-block rounded-md border px-3 py-1.5 text-sm font-semibold', tab === data.tab ? 'border-green-700 bg-green-700 text-white dark:border-green-600 dark:bg-green-600 dark:text-slate-950' : 'border-slate-400 text-slate-800 hover:border-green-700 dark:border-slate-500 dark:text-slate-100')}
                >
                  {t(`imports.tab.${tab}`, { total: format.number(count) })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t(`imports.tab.${data.tab}`, { total: format.number(data.tabs.find((entry) => entry.tab === data.tab)?.count ?? 0) })}</caption>
          <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th scope="col" className={cell}>{t('imports.line')}</th>
              <th scope="col" className={cell}>{t('imports.record')}</th>
              <th scope="col" className={cell}>{t('imports.action')}</th>
              <th scope="col" className={cell}>{t('imports.details')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.rows.map((row) => (
              <tr key={row.$id}>
                <td className={`${cell} font-mono`}>{row.line ?? row.pointer}</td>
                <td className={`${cell} break-all`}>
                  <RecordCell row={row} written={written} />
                </td>
                <td className={cn(cell, 'font-semibold', actionTone[row.action])}>{t(`imports.actions.${row.action}`)}</td>
                <td className={`${cell} break-words`}>{row.reason || (row.changed.length ? t('imports.changed', { fields: row.changed.map((field) => t(`attributes.${field}`, { defaultValue: field })).join(', ') }) : '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.pageCount > 1 ? (
        <nav aria-label={t('imports.pages')} className="flex flex-wrap items-center gap-4 text-sm">
          {data.page > 1 ? <Link to={here(data.tab, data.page - 1)} className="font-semibold text-green-800 underline underline-offset-4 dark:text-green-400">{t('imports.previous')}</Link> : null}
          <span>{t('imports.pageOf', { page: data.page, count: data.pageCount })}</span>
          {data.page < data.pageCount ? <Link to={here(data.tab, data.page + 1)} className="font-semibold text-green-800 underline underline-offset-4 dark:text-green-400">{t('imports.next')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
