import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { ContactForm } from './contact-form';
import type { ContactResult } from './fields';
import { SuccessPanel } from './success-panel';

export function ContactPage({ result }: { result: ContactResult | undefined }) {
  const { t } = useTranslation('contact');
  return (
    <>
      <PageHeader title={t('title')} description={<p>{t('intro')}</p>} />
      {result?.status === 'sent' ? <SuccessPanel reference={result.reference} /> : <ContactForm result={result} />}
    </>
  );
}
