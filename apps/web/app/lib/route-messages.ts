import { useTranslation } from 'react-i18next';

/** A namespace of strings that one route's loader sends (see ROUTE_NAMESPACES in i18n.server.ts). */
export interface RouteMessages {
  language: string;
  namespace: string;
  strings: Record<string, unknown>;
}

/**
 * Adds the route's own namespaces to this render's i18next instance before its children
 * translate with them; the directory pages never download these strings.
 */
export function useRouteMessages(messages: readonly RouteMessages[]): void {
  const { i18n } = useTranslation();
  for (const { language, namespace, strings } of messages) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, strings, true, true);
  }
}
