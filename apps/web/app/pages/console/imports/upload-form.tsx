import { IMPORTS_BUCKET } from '@ballot-atlas/shared/imports/import-job';
import { FileUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { ProblemAlert } from '../../../components/account/alerts';
import { buttonClass } from '../../../components/account/buttons';
import { fileInputClass, UploadProgress, type UploadState } from '../../../components/console/upload-progress';
import { useMediaProject } from '../../../components/media/use-media-project';
import type { Problem } from '../../../lib/account/problem';
import { COLLECTION_FIELD, FILE_FIELD, FILE_ID_FIELD, type ImportableCollection } from './types';

/** The imports bucket's types (appwrite.json). */
const ACCEPT = '.csv,.json,.geojson,text/csv,application/json,application/geo+json';
const label = 'block text-sm font-semibold text-slate-900 dark:text-slate-100';
const hint = 'mt-1 text-sm text-slate-700 dark:text-slate-300';

/**
 * The file to import and, for a CSV file not named after its collection, the collection. With
 * JavaScript the file is uploaded as soon as it is chosen, in chunks with a progress bar, and the
 * form then carries only its id; without, the file goes with the form.
 */
export function UploadForm({ collections, problem }: { collections: ImportableCollection[]; problem: Problem | undefined }) {
  const { t } = useTranslation('console');
  const projectId = useMediaProject();
  const navigation = useNavigation();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' });
  const [fileId, setFileId] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const start = async (file: File) => {
    setFileId('');
    setUpload({ state: 'uploading', percent: 0 });
    try {
      const { uploadToBucket } = await import('../../../lib/console/upload.client');
      setFileId(await uploadToBucket(projectId, IMPORTS_BUCKET, file, (percent) => setUpload({ state: 'uploading', percent })));
      setUpload({ state: 'done', percent: 100 });
    } catch (error) {
      const failure = error as { message?: string; type?: string };
      setUpload({ state: 'failed', message: failure.message ?? String(error), type: failure.type ?? '' });
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submitting = navigation.state === 'submitting';
  const uploading = upload.state === 'uploading';
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold">{t('imports.uploadHeading')}</h2>
      {problem ? <ProblemAlert problem={problem} /> : null}
      <div>
        <label htmlFor="import-file" className={label}>
          {t('imports.file')}
        </label>
        <p id="import-file-hint" className={hint}>
          {t('imports.fileHint')}
        </p>
        <input
          ref={fileInput}
          id="import-file"
          type="file"
          // Once uploaded by the browser, the file is not sent again: only its id.
          name={fileId ? undefined : FILE_FIELD}
          accept={ACCEPT}
          required
          aria-describedby="import-file-hint"
          onChange={enhanced ? (event) => event.target.files?.[0] && void start(event.target.files[0]) : undefined}
          className={`mt-2 ${fileInputClass}`}
        />
        <input type="hidden" name={FILE_ID_FIELD} value={fileId} />
        <div className="mt-2">
          <UploadProgress upload={upload} label={t('imports.file')} doneText={t('imports.uploaded')} />
        </div>
      </div>
      <div>
        <label htmlFor="import-collection" className={label}>
          {t('imports.collection')}
        </label>
        <p id="import-collection-hint" className={hint}>
          {t('imports.collectionHint')}
        </p>
        <select id="import-collection" name={COLLECTION_FIELD} defaultValue="" aria-describedby="import-collection-hint" className="mt-2 block w-full max-w-sm rounded-md border border-slate-400 bg-white px-3 py-2 dark:border-slate-500 dark:bg-slate-950">
          <option value="">{t('imports.fromFileName')}</option>
          {collections.map((collection) => (
            <option key={collection} value={collection}>
              {t(`collections.${collection}.plural`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={submitting || uploading} className={buttonClass('primary')}>
        <FileUp aria-hidden="true" className="size-4" />
        {submitting ? t('imports.starting') : t('imports.check')}
      </button>
    </Form>
  );
}
