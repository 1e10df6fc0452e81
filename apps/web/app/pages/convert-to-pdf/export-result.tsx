import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { numberFormat } from '../../lib/intl';
import { RefreshWithoutScript, useRefreshWhile } from '../../components/ui/refresh-while';
import { documentChannel } from '../../lib/live/live-event';
import { useLiveRefresh } from '../../lib/live/use-live-refresh';
import { PROGRESS_COLLECTION, type ExportProgress } from './export-choice';

function running(progress: ExportProgress): boolean {
  return progress.status !== 'completed' && progress.status !== 'failed';
}

function fileSize(bytes: number, language: string): string {
  if (bytes < 1024 * 1024) return `${numberFormat(language, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${numberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}

/**
 * While the export runs: the function's phase and pages so far. The bar fills once the page count
 * is known (the renderer knows it only at its end); until then it is indeterminate.
 */
function RunningProgress({ progress }: { progress: ExportProgress }) {
  const { t } = useTranslation('export');
  const pages = progress.pages;
  const counted = pages && pages.phase !== 'loading' ? (pages.total === null ? t('result.pages', { count: pages.done }) : t('result.pagesOf', { count: pages.done, total: pages.total })) : null;
  const determinate = pages && pages.total !== null && pages.total > 0;
  return (
    <>
      {pages ? <p className="mt-1">{t(`result.phase.${pages.phase}`)}</p> : null}
      <progress
        className="mt-3 w-full accent-green-700"
        aria-label={counted ?? t('result.status.processing')}
        {...(determinate ? { value: pages.done, max: pages.total! } : {})}
      />
      {counted ? (
        <p className="mt-1 text-sm" data-pages-done={pages!.done}>
          {counted}
        </p>
      ) : null}
    </>
  );
}

/** The requester's export: its status while it runs (announced politely), then the download, or a retry. */
export function ExportResult({ progress }: { progress: ExportProgress }) {
  const { t, i18n } = useTranslation('export');
  const active = running(progress);
  // Each progress write the function makes reloads the status at once; the once-a-second reload
  // covers the rest (the execution's own status) and a page whose live connection is down.
  useLiveRefresh(active ? [{ channels: [documentChannel(PROGRESS_COLLECTION, progress.executionId)] }] : []);
  useRefreshWhile(active);

  return (
    <section aria-labelledby="export-status-heading" className="max-w-2xl space-y-4">
      <RefreshWithoutScript running={active} />
      <h2 id="export-status-heading" className="text-xl font-semibold">
        {t('result.heading')}
      </h2>
      <div role="status" aria-live="polite" className="rounded-md border border-slate-300 p-4 dark:border-slate-600">
        <p className="font-semibold" data-status={progress.status}>
          {t(`result.status.${progress.status}`)}
        </p>
        {active ? <RunningProgress progress={progress} /> : null}
        {progress.status === 'failed' ? <p className="mt-2">{t('result.failed')}</p> : null}
      </div>
      {progress.file ? (
        <div className="space-y-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t('result.file')}</dt>
            <dd className="break-all">{progress.file.name}</dd>
            <dt className="font-semibold">{t('result.size')}</dt>
            <dd>{fileSize(progress.file.bytes, i18n.language)}</dd>
          </dl>
          <div className="flex flex-wrap gap-3">
            <a href={progress.file.downloadUrl} download className="rounded-md bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700">
              {t('result.download')}
            </a>
            <a href={progress.file.viewUrl} className="rounded-md border border-green-700 px-4 py-2 font-semibold text-green-800 hover:bg-green-50 dark:border-green-400 dark:text-green-300 dark:hover:bg-green-950">
              {t('result.open')}
            </a>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('result.private')}</p>
        </div>
      ) : null}
      {!active ? (
        <p>
          <Link to="/convertToPdf" className="font-semibold text-green-800 underline dark:text-green-300">
            {progress.status === 'failed' ? t('result.retry') : t('result.another')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
