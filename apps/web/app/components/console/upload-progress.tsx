import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** Where a browser upload is: none yet, sending (a percentage), done, or refused. */
export type UploadState = { state: 'idle' } | { state: 'uploading'; percent: number } | { state: 'done'; percent: 100 } | { state: 'failed'; message: string; type: string };

/** A file input's look, its button included. */
export const fileInputClass =
  'block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-slate-800 hover:file:border-green-700 dark:text-slate-300 dark:file:border-slate-500 dark:file:bg-slate-900 dark:file:text-slate-100';

export const progressBar = cn('h-2 w-full overflow-hidden rounded-full', '[&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-green-700 dark:[&::-webkit-progress-bar]:bg-slate-800 dark:[&::-webkit-progress-value]:bg-green-500');

/** The progress bar and status line of an upload (`label` names the file's field), or why it failed. */
export function UploadProgress({ upload, label, doneText }: { upload: UploadState; label: string; doneText: string }) {
  const { t } = useTranslation('console');
  if (upload.state === 'idle') return null;
  if (upload.state === 'failed') {
    return (
      <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
        {t('file.failed', { message: upload.message })}
        {upload.type ? <span className="ml-1 font-mono text-xs font-normal">({upload.type})</span> : null}
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <progress max={100} value={upload.percent} aria-label={t('file.progressLabel', { label })} aria-valuetext={t('file.percent', { percent: upload.percent })} className={progressBar} />
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {upload.state === 'done' ? doneText : t('file.uploading', { percent: upload.percent })}
      </p>
    </div>
  );
}
