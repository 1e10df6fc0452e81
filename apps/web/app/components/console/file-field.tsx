import { ImageOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileRemoveName, fileUploadName } from '../../lib/console/form-values';
import { previewUrl } from '../../lib/media';
import { useMediaProject } from '../media/use-media-project';
import { useFormSync } from './form-sync';
import { fileInputClass, UploadProgress, type UploadState } from './upload-progress';

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
            className={fileInputClass}
          />
          {fileId ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fileRemoveName(name)} checked={remove} onChange={(event) => setRemove(event.target.checked)} className="size-4 accent-green-700" />
              {t('file.remove')}
            </label>
          ) : null}
        </div>
      </div>
      <UploadProgress upload={upload} label={label} doneText={t('file.uploaded')} />
    </div>
  );
}
