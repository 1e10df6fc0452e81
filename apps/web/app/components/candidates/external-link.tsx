import { ExternalLink as ExternalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A link off the site: not endorsed (nofollow), no access to this window (noopener). */
export function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  const { t } = useTranslation('candidates');
  return (
    <a
      href={href}
      rel="nofollow noopener noreferrer"
      target="_blank"
      className="inline-flex max-w-full items-center gap-1 [overflow-wrap:anywhere] text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400"
    >
      {children}
      <ExternalIcon aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">{t('links.newTab')}</span>
    </a>
  );
}

/** "social.example.com/c0000001" for a link's visible text. */
export function linkLabel(href: string): string {
  const url = new URL(href);
  return `${url.hostname.replace(/^www\./, '')}${url.pathname === '/' ? '' : url.pathname}`;
}
