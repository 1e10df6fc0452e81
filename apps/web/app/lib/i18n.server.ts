import type { Resource } from 'i18next';
import { LANGUAGE_COOKIE } from './i18n';
import { siteEnv } from './env.server';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

/** All catalogues: language → namespace → strings. */
export const catalogues: Resource = {};
for (const [path, module] of Object.entries(modules)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  (catalogues[language] ??= {})[namespace] = module.default;
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The visitor's language: the cookie if it names a supported language, else the default. */
export function requestLanguage(request: Request): string {
  const { languages, defaultLanguage } = siteEnv();
  const chosen = readCookie(request, LANGUAGE_COOKIE);
  return chosen && languages.includes(chosen) ? chosen : defaultLanguage;
}
