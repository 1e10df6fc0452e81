import { ImageOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { fileRemoveName, fileUploadName } from '../../lib/console/form-values';
import { previewUrl } from '../../lib/media';
import { useMediaProject } from '../media/use-media-project';
import { useFormSync } from './form-sync';

interface FileFieldProps {
  id: string;
  name: string;
  /** The file id the record holds. */
  value: string;
  label: string;
  aria: { 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };
  enhanced: boolean;
}

const PREVIEW = 128;
/** The media bucket's types (appwrite.json). */
const ACCEPT = '.jpg,.jpeg,.png,.webp,.gif,.avif,image/jpeg,image/png,image/webp,image/gif,image/avif';

type UploadState = { state: 'idle' } | { state: 'uploading'; percent: number } | { state: 'done'; percent: 100 } | { state: 'failed'; message: string; type: string };

/**
 * A photo or logo. Without JavaScript the chosen file goes with the form and the server uploads
 * it. With JavaScript it is uploaded as soon as it is chosen, with a progress bar, and the form
 * then only carries the new file's id; the preview shows the picture the record will have.
 */
export function FileField({ id, name, value, label, aria, enhanced }: FileFieldProps) {
  const { t } = useTranslation('console');
  const projectId = useMediaProject();
  const { setUploading } = useFormSync();
  const [fileId, setFileId] = useState(value);
  const [remove, setRemove] = useState(false);
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);

  const start = async (file: File) => {
    setUpload({ state: 'uploading', percent: 0 });
    setUploading(name, true);
    try {
      const { uploadMedia } = await import('../../lib/console/upload.client');
      const uploaded = await uploadMedia(projectId, file, (percent) => setUpload({ state: 'uploading', percent }));
      setFileId(uploaded);
      setRemove(false);
      setUpload({ state: 'done', percent: 100 });
      // The file is stored: the form sends its id, not the file again.
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      const problem = error as { message?: string; type?: string };
      setUpload({ state: 'failed', message: problem.message ?? String(error), type: problem.type ?? '' });
      if (fileInput.current) fileInput.current.value = '';
    } finally {
      setUploading(name, false);
    }
  };

  const shown = remove ? '' : fileId;
  const percent = upload.state === 'uploading' || upload.state === 'done' ? upload.percent : 0;
  return (
    <div className="mt-1 space-y-2">
      <input type="hidden" name={name} value={remove ? '' : fileId} />
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex size-32 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900">
          {shown ? (
            <img src={previewUrl(projectId, shown, { width: PREVIEW * 2, output: 'webp' })} width={PREVIEW} height={PREVIEW} alt={t('file.preview', { label })} className="size-full object-contain" />
          ) : (
            <span className="flex flex-col items-center gap-1 p-2 text-center text-xs text-slate-600 dark:text-slate-400">
              <ImageOff aria-hidden="true" className="size-6" />
              {t('file.none')}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1 basis-48 space-y-2">
          <input
            ref={fileInput}
            id={id}
            type="file"
            name={fileUploadName(name)}
            accept={ACCEPT}
            {...aria}
            onChange={enhanced ? (event) => event.target.files?.[0] && void start(event.target.files[0]) : undefined}
            className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-slate-800 hover:file:border-green-700 dark:text-slate-300 dark:file:border-slate-500 dark:file:bg-slate-900 dark:file:text-slate-100"
          />
          {fileId ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fileRemoveName(name)} checked={remove} onChange={(event) => setRemove(event.target.checked)} className="size-4 accent-green-700" />
              {t('file.remove')}
            </label>
          ) : null}
        </div>
      </div>
      {upload.state === 'uploading' || upload.state === 'done' ? (
        <div className="space-y-1">
          <progress
            max={100}
            value={percent}
            aria-label={t('file.progressLabel', { label })}
            aria-valuetext={t('file.percent', { percent })}
            className={cn('h-2 w-full overflow-hidden rounded-full', '[&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-green-700 dark:[&::-webkit-progress-bar]:bg-slate-800 dark:[&::-webkit-progress-value]:bg-green-500')}
          />
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            {upload.state === 'done' ? t('file.uploaded') : t('file.uploading', { percent })}
          </p>
        </div>
      ) : null}
      {upload.state === 'failed' ? (
        <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
          {t('file.failed', { message: upload.message })}
          {upload.type ? <span className="ml-1 font-mono text-xs font-normal">({upload.type})</span> : null}
        </p>
      ) : null}
    </div>
  );
}
