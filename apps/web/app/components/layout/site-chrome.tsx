import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { keptI18n } from '../../lib/i18n';
import { useRootData } from '../../lib/root-data';
import { hasSharedStrings, sharedStrings } from '../../lib/shared-strings';
import { CompareTray } from '../compare/compare-tray';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Everything of a page inside <body> but its scripts: the visitor's strings, the skip link, the
 * header, the page and the footer. With no root data (its loader failed) it renders with the
 * defaults, so the error page always has its layout.
 */
export function SiteChrome({ children }: { children: ReactNode }) {
  const { language, buildId } = useRootData();
  // The browser has the strings of the language it loaded the page in (entry.client.tsx). A
  // navigation that lands in another one (the cookie changed in another tab) loads that page
  // afresh, strings and all, rather than render it half translated.
  const otherLanguage = buildId !== '' && !hasSharedStrings(language);
  useEffect(() => {
    if (otherLanguage) window.location.reload();
  }, [otherLanguage]);
  const i18n = keptI18n(language, sharedStrings(language));
  return (
    <I18nextProvider i18n={i18n}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-green-700 focus:px-3 focus:py-2 focus:text-white">
        {i18n.t('common:skipToContent')}
      </a>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
          {children}
        </main>
        <CompareTray />
        <SiteFooter />
      </div>
    </I18nextProvider>
  );
}
