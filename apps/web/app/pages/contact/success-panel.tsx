import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staticPaths } from '../../lib/urls';

/** Shown instead of the form once the message is stored; focus moves here so it is announced. */
export function SuccessPanel({ reference }: { reference: string }) {
  const { t } = useTranslation('contact');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [reference]);
  return (
    <div ref={ref} tabIndex={-1} aria-labelledby="contact-success-title" className="max-w-2xl rounded-lg border-2 border-green-700 bg-green-50 p-5 dark:border-green-500 dark:bg-green-950/40">
      <h2 id="contact-success-title" className="flex items-center gap-2 text-xl font-bold text-green-900 dark:text-green-300">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
        {t('success.title')}
      </h2>
      <p className="mt-2">{t('success.body')}</p>
      <p className="mt-3">
        {t('success.reference')}: <strong className="font-mono text-lg break-all">{reference}</strong>
      </p>
      <p className="mt-4">
        <Link to={staticPaths.contact} className="font-semibold text-green-800 underline underline-offset-4 dark:text-green-400">
          {t('success.again')}
        </Link>
      </p>
    </div>
  );
}
