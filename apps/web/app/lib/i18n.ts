import { createInstance, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_COOKIE = 'lang';

/** Human names of the languages we ship, in their own language. */
export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'Français', sw: 'Kiswahili' };

const instances = new Map<string, i18n>();

/**
 * The i18next instance for a language and set of namespaces. The strings never change while the
 * process runs, so one instance serves every render that needs the same ones (a route's own
 * namespaces are added to it once, by useRouteMessages); building one per render cost the server
 * about 1 ms of a 25 ms page.
 */
export function createI18n(language: string, resources: Resource[string]): i18n {
  const key = `${language}:${Object.keys(resources).sort().join(',')}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: resources },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    instances.set(key, instance);
  }
  return instance;
}

/** Switches language if supported; anything else is refused with a console warning (seed §5). */
export function isSupportedLanguage(code: string, supported: readonly string[]): boolean {
  if (supported.includes(code)) return true;
  console.warn(`Unsupported language "${code}"; supported: ${supported.join(', ')}`);
  return false;
}
