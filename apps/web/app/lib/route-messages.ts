import { useTranslation } from 'react-i18next';

/** A namespace of strings that one route's loader sends (see ROUTE_NAMESPACES in i18n.server.ts). */
export interface RouteMessages {
  language: string;
  namespace: string;
  strings: Record<string, unknown>;
}

/**
 * Adds the route's own namespaces to the i18next instance before its children translate with
 * them; the directory pages never download these strings. The instance is kept across renders and
 * pages (keptI18n), and a loader may send only some top-level keys of a namespace (the home page's
 * "your ballot" offer sends the `home` part of `my-ballot`), so a payload is merged unless every
 * one of its top-level keys is there already.
 */
export function useRouteMessages(messages: readonly RouteMessages[]): void {
  const { i18n } = useTranslation();
  for (const { language, namespace, strings } of messages) {
    const present = i18n.getResourceBundle(language, namespace) as Record<string, unknown> | undefined;
    if (present && Object.keys(strings).every((key) => key in present)) continue;
    i18n.addResourceBundle(language, namespace, strings, true, true);
  }
}
