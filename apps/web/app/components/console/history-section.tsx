import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChangeEntry } from '../../lib/console/change-entries';
import type { ConsoleCollectionId } from '../../lib/console/collections';
import { consolePaths } from '../../lib/console/paths';
import type { RevertProblem } from '../../pages/console/history/types';
import { Notice } from '../account/alerts';
import { ChangeList } from './change-list';

export interface RecordHistoryData {
  entries: ChangeEntry[];
  total: number;
  hasMore: boolean;
}

/** A record's latest changes under its form, with a link to all of them. */
export function HistorySection({ collection, documentId, history, reverted, problem }: { collection: ConsoleCollectionId; documentId: string; history: RecordHistoryData; reverted: boolean; problem: RevertProblem | undefined }) {
  const { t } = useTranslation('console');
  return (
    <section aria-labelledby="history" className="mt-10 space-y-4">
      <h2 id="history" className="text-xl font-semibold">
        {t('history.heading')}
      </h2>
      {reverted && !problem ? <Notice title={t('history.reverted')} /> : null}
      {history.entries.length ? <ChangeList entries={history.entries} problem={problem} /> : <p className="text-slate-700 dark:text-slate-300">{t('history.none')}</p>}
      {history.hasMore ? (
        <p>
          <Link to={consolePaths.recordHistory(collection, documentId)} className="font-semibold text-green-800 underline underline-offset-4 dark:text-green-400">
            {t('history.all', { count: history.total })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
