import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ExportForm } from './export-form';
import { ExportResult } from './export-result';
import type { ConvertToPdfData } from './loader.server';

export function ConvertToPdfPage({ data }: { data: ConvertToPdfData }) {
  const { t } = useTranslation('export');
  return (
    <>
      <PageHeader title={t('title')} description={<p>{t('intro')}</p>} />
      {data.view === 'form' ? <ExportForm form={data.form} languages={data.languages} /> : null}
      {data.view === 'result' ? <ExportResult progress={data.progress} /> : null}
      {data.view === 'missing' ? (
        <div className="max-w-2xl space-y-3">
          <p role="alert">{t('result.missing')}</p>
          <Link to="/convertToPdf" className="font-semibold text-green-800 underline dark:text-green-300">
            {t('result.another')}
          </Link>
        </div>
      ) : null}
    </>
  );
}
