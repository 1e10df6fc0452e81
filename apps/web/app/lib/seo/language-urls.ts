import type { MetaDescriptor } from 'react-router';

/**
 * `?lang=xx`: a page's address in one language. The language is otherwise a cookie, which search
 * engines do not keep, so hreflang needs an address per language; the server renders that
 * response in it and keeps it as the visitor's choice (lib/i18n.server.ts).
 */
export const LANGUAGE_PARAM = 'lang';

/** The page's address (a path, perhaps with a query) in `language`: the default language keeps it bare (today's canonical URLs). */
export function languagePath(pathname: string, language: string, defaultLanguage: string): string {
  return language === defaultLanguage ? pathname : `${pathname}${pathname.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${encodeURIComponent(language)}`;
}

/** Open Graph wants a territory; the site's languages are written for any country that speaks them. */
const OG_LOCALES: Record<string, string> = { en: 'en_GB', fr: 'fr_FR', sw: 'sw_KE' };

export function ogLocale(language: string): string {
  return OG_LOCALES[language] ?? language;
}

/** `<link rel="alternate" hreflang>` for every language, and x-default: the bare path, which follows the visitor's choice. */
export function hreflangLinks(siteUrl: string, pathname: string, languages: readonly string[], defaultLanguage: string): MetaDescriptor[] {
  return [
    ...languages.map((language) => ({ tagName: 'link', rel: 'alternate', hrefLang: language, href: `${siteUrl}${languagePath(pathname, language, defaultLanguage)}` })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${siteUrl}${pathname}` },
  ];
}
