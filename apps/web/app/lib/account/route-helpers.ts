import type { HeadersFunction, MetaDescriptor } from 'react-router';
import type { RouteMessages } from '../route-messages';
import { metaContext, pageMeta } from '../seo';

/** Title and description from the route's own strings (`<prefix>.title`, `<prefix>.description`); never indexed. */
export function accountMeta(messages: readonly RouteMessages[] | undefined, matches: readonly { id: string; data?: unknown }[], pathname: string, prefix: string): MetaDescriptor[] {
  const context = metaContext(matches, pathname, messages ?? []);
  return pageMeta(context, { title: context.t(`${prefix}.title`), description: context.t(`${prefix}.description`, { siteName: context.siteName }), noindex: true });
}

/**
 * Account pages are personal: never stored by a browser or a shared cache; and the secrets some
 * of their addresses carry (mail links) are not passed on as a referrer.
 */
export const privateHeaders: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' });
