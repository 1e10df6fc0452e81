import { isRunning, type ImportJob } from '@ballot-atlas/shared/imports/import-job';
import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { ProblemAlert } from '../../../components/account/alerts';
import { buttonClass } from '../../../components/account/buttons';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { ConsoleProblem } from '../../../components/console/console-problem';
import { progressBar } from '../../../components/console/upload-progress';
import { useConsoleFormat } from '../../../components/console/use-console-format';
import { PageHeader } from '../../../components/ui/page-header';
import { consolePaths } from '../../../lib/console/paths';
import { ReportTable } from './report-table';
import { ImportStatusBadge } from './status-badge';
import type { ImportJobData, ImportJobResult, ReportTab } from './types';
import { RefreshWithoutScript, useRefreshWhile } from '../../../components/ui/refresh-while';

function Counts({ job }: { job: ImportJob }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  return (
    <dl className="grid max-w-2xl grid-cols-2 gap-3 sm:grid-cols-4">
      {(['create', 'update', 'unchanged', 'refused'] as const).map((action) => (
        <div key={action} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
          <dt className="text-sm text-slate-700 dark:text-slate-300">{t(`imports.counts.${action}`)}</dt>
          <dd className="text-2xl font-semibold">{format.number(job[action])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The dry run: how many rows are checked so far (the total is known only at the end). */
function Checking({ job }: { job: ImportJob }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  return (
    <div className="max-w-2xl space-y-2">
      <progress aria-label={t('imports.checkingLabel')} className={progressBar} />
      <p role="status" aria-live="polite" className="text-slate-700 dark:text-slate-300">
        {t('imports.checking', { rows: format.number(job.rowsDone) })}
      </p>
    </div>
  );
}

/** The write: rows done of the total, and the pace. */
function Importing({ job, at }: { job: ImportJob; at: string }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const seconds = Math.max(0.001, (Date.parse(at) - Date.parse(job.startedAt)) / 1000);
  const perSecond = Math.round(job.rowsDone / seconds);
  return (
    <div className="max-w-2xl space-y-2">
      <progress max={Math.max(1, job.rows)} value={job.rowsDone} aria-label={t('imports.importingLabel')} aria-valuetext={t('imports.progress', { done: format.number(job.rowsDone), total: format.number(job.rows) })} className={progressBar} />
      <p role="status" aria-live="polite" className="text-slate-700 dark:text-slate-300">
        {t('imports.progress', { done: format.number(job.rowsDone), total: format.number(job.rows) })} · {t('imports.pace', { rows: format.number(perSecond) })}
      </p>
    </div>
  );
}

function WriteButton({ job }: { job: ImportJob }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const navigation = useNavigation();
  const toWrite = job.create + job.update;
  if (toWrite === 0) return <p className="text-slate-700 dark:text-slate-300">{t('imports.nothingToWrite')}</p>;
  return (
    <Form method="post" className="space-y-2">
      {job.refused ? <p className="text-slate-700 dark:text-slate-300">{t('imports.refusedSkipped', { count: job.refused })}</p> : null}
      <button type="submit" disabled={navigation.state === 'submitting'} className={buttonClass('primary')}>
        <Upload aria-hidden="true" className="size-4" />
        {t('imports.write', { count: toWrite, rows: format.number(toWrite) })}
      </button>
    </Form>
  );
}

/** One import: its dry run's progress, then its report and the button to write it, then the write's progress and result. */
export function ImportJobPage({ data, result }: { data: ImportJobData; result: ImportJobResult | undefined }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const { job } = data;
  const running = isRunning(job.status);
  useRefreshWhile(running);
  const here = (tab: ReportTab, page: number) => `${consolePaths.importJob(job.$id)}?${new URLSearchParams({ tab, ...(page > 1 ? { page: String(page) } : {}) })}`;
  return (
    <ConsoleLayout active="imports">
      <RefreshWithoutScript running={running} />
      <PageHeader
        title={t('imports.jobTitle', { file: job.fileName })}
        crumbs={[{ label: t('nav.dashboard'), to: consolePaths.dashboard }, { label: t('imports.title'), to: consolePaths.imports }, { label: job.fileName }]}
        description={t('imports.startedOn', { who: job.userName || t('history.operator'), when: format.dateTime(job.$createdAt) })}
      />
      <div className="space-y-6">
        <p className="flex items-center gap-2">
          <span className="font-semibold">{t('imports.statusHeading')}:</span> <ImportStatusBadge status={job.status} />
        </p>
        {result?.problem ? <ProblemAlert problem={result.problem} /> : null}
        {job.status === 'failed' ? <ConsoleProblem heading={t('imports.failed')} message={job.error} /> : null}
        {job.status === 'checking' ? <Checking job={job} /> : null}
        {job.status === 'importing' ? <Importing job={job} at={data.at} /> : null}
        {job.status === 'checked' || job.status === 'completed' ? (
          <section aria-labelledby="import-counts" className="space-y-3">
            <h2 id="import-counts" className="text-lg font-semibold">
              {job.status === 'checked' ? t('imports.dryRun') : t('imports.done')}
            </h2>
            <Counts job={job} />
            {job.status === 'checked' ? <WriteButton job={job} /> : null}
            {job.status === 'completed' && job.create + job.update > 0 ? (
              <Link to={`${consolePaths.history}?${new URLSearchParams({ source: job.fileName })}`} className="inline-block font-semibold text-green-800 underline underline-offset-4 dark:text-green-400">
                {t('imports.historyLink', { file: job.fileName })}
              </Link>
            ) : null}
          </section>
        ) : null}
        {data.rows.length ? <ReportTable data={data} here={here} /> : null}
      </div>
    </ConsoleLayout>
  );
}
