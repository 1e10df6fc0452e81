import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../../../components/account/alerts';
import { ChangeList } from '../../../components/console/change-list';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { PageHeader } from '../../../components/ui/page-header';
import type { Crumb } from '../../../components/ui/breadcrumbs';
import { consolePaths } from '../../../lib/console/paths';
import type { HistoryData } from './loader.server';
import type { RevertProblem } from './types';

const pagerLink = 'font-semibold text-green-800 underline underline-offset-4 dark:text-green-400';

/** Every change of one record (a deleted one too), or the directory's recent changes; newest first, a page at a time. */
export function HistoryPage({ data, problem }: { data: HistoryData; problem: RevertProblem | undefined }) {
  const { t } = useTranslation('console');
  const { collection, documentId, title } = data;
  const here = collection && documentId ? consolePaths.recordHistory(collection, documentId) : consolePaths.history;
  const withParams = (params: Record<string, string>) => {
    const search = new URLSearchParams({ ...(data.source ? { source: data.source } : {}), ...params }).toString();
    return search ? `${here}?${search}` : here;
  };
  const heading = title !== null ? t('history.ofRecord', { title }) : data.source ? t('history.fromSource', { source: data.source }) : t('history.recent');
  const crumbs: Crumb[] = [{ label: t('nav.dashboard'), to: consolePaths.dashboard }];
  if (collection && documentId) {
    crumbs.push({ label: t(`collections.${collection}.plural`), to: consolePaths.collection(collection) });
    crumbs.push(data.exists ? { label: title ?? documentId, to: consolePaths.record(collection, documentId) } : { label: title ?? documentId });
  }
  crumbs.push({ label: t('history.heading') });
  return (
    <ConsoleLayout active={collection ?? 'history'}>
      <PageHeader title={heading} crumbs={crumbs} description={collection && !data.exists ? t('history.deletedRecord') : undefined} />
      <div className="space-y-4">
        <h2 id="history" className="sr-only">
          {t('history.heading')}
        </h2>
        {data.reverted && !problem ? <Notice title={t('history.reverted')} /> : null}
        {data.entries.length ? <ChangeList entries={data.entries} showRecord={!documentId} problem={problem} /> : <p className="text-slate-700 dark:text-slate-300">{t('history.none')}</p>}
        {data.after || data.olderAfter ? (
          <nav aria-label={t('history.pages')} className="flex flex-wrap gap-4">
            {data.after ? (
            <Link to={withParams({})} className={pagerLink}>
              {t('history.newest')}
            </Link>
          ) : null}
          {data.olderAfter ? (
            <Link to={withParams({ after: data.olderAfter })} className={pagerLink}>
              {t('history.older')}
            </Link>
          ) : null}
          </nav>
        ) : null}
      </div>
    </ConsoleLayout>
  );
}
