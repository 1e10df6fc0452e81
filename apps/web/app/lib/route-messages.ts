import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A namespace of strings that one route's loader sends (see ROUTE_NAMESPACES in i18n.server.ts). */
export interface RouteMessages {
  language: string;
  namespace: string;
  strings: Record<string, unknown>;
}

/** The loader payloads already merged into each i18next instance, so a re-render merges nothing. */
const merged = new WeakMap<i18n, WeakSet<object>>();

/**
 * Adds the route's own namespaces to this page's i18next instance before its children translate
 * with them; the directory pages never download these strings. The browser keeps one instance
 * while the language stays, and a loader may send only part of a namespace (the home page's
 * "your ballot" offer sends the `home` part of `my-ballot`), so each payload is merged into what
 * the instance has rather than skipped when the namespace is already there.
 */
export function useRouteMessages(messages: readonly RouteMessages[]): void {
  const { i18n } = useTranslation();
  let seen = merged.get(i18n);
  if (!seen) merged.set(i18n, (seen = new WeakSet()));
  for (const { language, namespace, strings } of messages) {
    if (seen.has(strings)) continue;
    i18n.addResourceBundle(language, namespace, strings, true, true);
    seen.add(strings);
  }
}
