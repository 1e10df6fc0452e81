import { createInstance, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { numberFormat } from './intl';

export const LANGUAGE_COOKIE = 'lang';

/** Human names of the languages we ship, in their own language. */
export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'Français', sw: 'Kiswahili' };

/**
 * One i18next instance per render (server) or per page load (browser), with resources given. The
 * instance gets its own copy of the namespace table: a route adds its namespaces to it
 * (useRouteMessages), and the table given is shared by every render (lib/shared-strings.ts).
 */
export function createI18n(language: string, resources: Resource[string]): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { ...resources } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  // `{{count, number}}` (the only formatted interpolation in our strings, without options) through
  // the shared formats, so that it too is recorded on the server and not rebuilt while hydrating.
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined) => numberFormat(lng ?? language).format(Number(value)));
  return instance;
}

const kept = new WeakMap<Resource[string], i18n>();

/**
 * The i18next instance for a language's shared strings (lib/shared-strings.ts), built once and
 * kept: those strings never change while the process (or the page) lives, and building an
 * instance cost the server about 1 ms of each render. Routes add their own namespaces to it
 * (useRouteMessages); they come from the same catalogue, so every render may share them.
 */
export function keptI18n(language: string, strings: Resource[string]): i18n {
  let instance = kept.get(strings);
  if (!instance) kept.set(strings, (instance = createI18n(language, strings)));
  return instance;
}

/** Switches language if supported; anything else is refused with a console warning (seed §5). */
export function isSupportedLanguage(code: string, supported: readonly string[]): boolean {
  if (supported.includes(code)) return true;
  console.warn(`Unsupported language "${code}"; supported: ${supported.join(', ')}`);
  return false;
}
