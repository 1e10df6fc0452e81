import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { convertToPdfPath, type RecordKind } from './export-choice';

/** "Download PDF" on a directory page: the export page with this record already chosen. */
export function DownloadPdfLink({ kind, id, name }: { kind: RecordKind; id: string; name: string }) {
  const { t } = useTranslation('export');
  return (
    <Link
      to={convertToPdfPath(kind, id)}
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-green-800 hover:border-green-600 dark:border-slate-600 dark:text-green-400"
    >
      {t('link.text')}
      {/* Named for screen-reader lists of links; the visible words stay at the start of the name (WCAG 2.5.3). */}
      <span className="sr-only"> ({name})</span>
    </Link>
  );
}
