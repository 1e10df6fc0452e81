import { useTranslation } from 'react-i18next';

/**
 * A polite live region that tells screen-reader users the page just changed under them. Empty until
 * the first live update; each update renders a new node so the same words are announced again.
 */
export function LiveStatus({ updates }: { updates: number }) {
  const { t } = useTranslation('common');
  return (
    <p role="status" aria-live="polite" className="sr-only" data-live-updates={updates}>
      {updates > 0 ? <span key={updates}>{t('live.updated')}</span> : null}
    </p>
  );
}
