import { isRunning, type ImportJob } from '@ballot-atlas/shared/imports/import-job';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { useConsoleFormat } from '../../../components/console/use-console-format';
import { PageHeader } from '../../../components/ui/page-header';
import { consolePaths } from '../../../lib/console/paths';
import { ImportStatusBadge } from './status-badge';
import type { ImportsData, ImportsResult } from './types';
import { UploadForm } from './upload-form';
import { RefreshWithoutScript, useRefreshWhile } from '../../../components/ui/refresh-while';

const cell = 'px-3 py-2 align-top';

function RecentImports({ imports }: { imports: ImportJob[] }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  if (imports.length === 0) return <p className="text-slate-700 dark:text-slate-300">{t('imports.none')}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <th scope="col" className={cell}>{t('imports.fileHeading')}</th>
            <th scope="col" className={cell}>{t('imports.statusHeading')}</th>
            <th scope="col" className={cell}>{t('imports.rowsHeading')}</th>
            <th scope="col" className={cell}>{t('imports.startedBy')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {imports.map((job) => (
            <tr key={job.$id}>
              <td className={`${cell} break-all`}>
                <Link to={consolePaths.importJob(job.$id)} className="font-semibold text-green-800 underline underline-offset-4 dark:text-green-400">
                  {job.fileName}
                </Link>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{job.collectionId ? t(`collections.${job.collectionId}.plural`, { defaultValue: job.collectionId }) : t('imports.popolo')}</span>
              </td>
              <td className={cell}>
                <ImportStatusBadge status={job.status} />
              </td>
              <td className={cell}>{t('imports.countsShort', { create: format.number(job.create), update: format.number(job.update), refused: format.number(job.refused) })}</td>
              <td className={cell}>
                {job.userName || t('history.operator')}
                <span className="block text-xs text-slate-600 dark:text-slate-400">{format.dateTime(job.$createdAt)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Upload a file to import, and the latest imports with where they are. */
export function ImportsPage({ data, result }: { data: ImportsData; result: ImportsResult | undefined }) {
  const { t } = useTranslation('console');
  const running = data.imports.some((job) => isRunning(job.status));
  useRefreshWhile(running);
  return (
    <ConsoleLayout active="imports">
      <RefreshWithoutScript running={running} />
      <PageHeader title={t('imports.title')} description={t('imports.description')} crumbs={[{ label: t('nav.dashboard'), to: consolePaths.dashboard }, { label: t('imports.title') }]} />
      <div className="space-y-8">
        <UploadForm collections={data.collections} problem={result?.problem} />
        <section aria-labelledby="recent-imports" className="space-y-3">
          <h2 id="recent-imports" className="text-lg font-semibold">
            {t('imports.recent')}
          </h2>
          <RecentImports imports={data.imports} />
        </section>
      </div>
    </ConsoleLayout>
  );
}
