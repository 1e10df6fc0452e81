import type { Resource } from 'i18next';
import { inspectCookie, readCookie } from './cookie-header';
import { LANGUAGE_COOKIE } from './i18n';
import { LANGUAGE_PARAM } from './seo/language-urls';
import type { RouteMessages } from './route-messages';
import { siteEnv } from './env.server';
import { provideSharedStrings } from './shared-strings';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

/** All catalogues: language → namespace → strings. */
export const catalogues: Resource = {};
for (const [path, module] of Object.entries(modules)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  (catalogues[language] ??= {})[namespace] = module.default;
}

/**
 * Namespaces only their own pages use: their loaders send them (see useRouteMessages), so the
 * directory pages do not carry the account pages' strings.
 */
export const ROUTE_NAMESPACES = ['account', 'profile', 'console', 'team', 'my-ballot', 'charts', 'compare'] as const;
export type RouteNamespace = (typeof ROUTE_NAMESPACES)[number];

/** The catalogue every page gets with the root loader: all but the route namespaces. */
export function sharedCatalogue(language: string): Resource[string] {
  const all = catalogues[language] ?? {};
  return Object.fromEntries(Object.entries(all).filter(([namespace]) => !(ROUTE_NAMESPACES as readonly string[]).includes(namespace)));
}

// The server renders every language from the start; browsers fetch theirs (routes/strings.ts).
for (const language of Object.keys(catalogues)) provideSharedStrings(language, sharedCatalogue(language));

/** Route namespaces in the visitor's language, for a loader to send. */
export function routeMessages(request: Request, ...namespaces: RouteNamespace[]): RouteMessages[] {
  const language = requestLanguage(request);
  return namespaces.map((namespace) => ({ language, namespace, strings: (catalogues[language]?.[namespace] ?? {}) as Record<string, unknown> }));
}

/** A supported language named by the address (`?lang=fr`, a language's own URL for hreflang); null otherwise. */
export function addressLanguage(request: Request): string | null {
  const asked = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  return asked && siteEnv().languages.includes(asked) ? asked : null;
}

/** The visitor's language: the address's `?lang=`, else the cookie if it names a supported language, else the default. */
export function requestLanguage(request: Request): string {
  const { languages, defaultLanguage } = siteEnv();
  const chosen = addressLanguage(request) ?? readCookie(request, LANGUAGE_COOKIE);
  return chosen && languages.includes(chosen) ? chosen : defaultLanguage;
}

/**
 * The Set-Cookie that keeps the language an address asked for (`?lang=`) as the visitor's choice,
 * so the pages they go on to stay in it; undefined when the address names none or the cookie has it.
 */
export function addressLanguageCookie(request: Request): string | undefined {
  const asked = addressLanguage(request);
  return asked && asked !== readCookie(request, LANGUAGE_COOKIE) ? languageCookie(asked) : undefined;
}

/**
 * The Set-Cookie that replaces a language cookie the site cannot use (undecodable, or a language
 * it does not serve) with an expired empty one, so the browser stops sending it; undefined when
 * there is none or it is fine.
 */
export function staleLanguageCookie(request: Request): string | undefined {
  const cookie = inspectCookie(request, LANGUAGE_COOKIE);
  if (cookie.state === 'absent' || (cookie.state === 'present' && siteEnv().languages.includes(cookie.value))) return undefined;
  return `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie that keeps a (supported) language as the visitor's choice. */
export function languageCookie(language: string): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
