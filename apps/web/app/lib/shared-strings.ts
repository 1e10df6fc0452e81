import type { Resource } from 'i18next';
import englishCommon from '../locales/en/common.json';
import englishHeader from '../locales/en/header.json';

/**
 * The strings every page shares (all namespaces but the route ones, ROUTE_NAMESPACES), per language.
 * The server has them all from the start (lib/i18n.server.ts); a browser downloads its language's
 * once per build from `sharedStringsPath` — a cacheable file — instead of inside every page's HTML.
 */
const known = new Map<string, Resource[string]>();

/** What the error page renders with when nothing else is there (the root loader failed early). */
const FALLBACK_STRINGS: Resource[string] = { common: englishCommon, header: englishHeader };

export function provideSharedStrings(language: string, strings: Resource[string]): void {
  known.set(language, strings);
}

export function hasSharedStrings(language: string): boolean {
  return known.has(language);
}

export function sharedStrings(language: string): Resource[string] {
  return known.get(language) ?? FALLBACK_STRINGS;
}

/** Where a browser gets them: the server's build is in the address, so the file can be cached for good. */
export function sharedStringsPath(language: string, build: string): string {
  return `/strings/${encodeURIComponent(build)}/${encodeURIComponent(language)}.json`;
}
