import type { HeadersFunction, MetaDescriptor } from 'react-router';
import type { MetaContext } from '../../pages/page-module';
import type { RouteMessages } from '../route-messages';
import { metaContext } from '../seo';
import { CONSOLE_SHELL_ROUTE_ID } from './paths';

/**
 * What only editors get: the console is personal (no shared cache, no referrer) and never indexed.
 * Anybody else gets the ordinary 404 page with the ordinary 404's headers, so nothing hints that
 * the console exists.
 */
export const EDITOR_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'same-origin',
};

/** The console shell's headers: EDITOR_HEADERS when its loader admitted an editor (it sends them), none otherwise. */
export const consoleHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of Object.keys(EDITOR_HEADERS)) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/** A console page's title, `{page} | Editors' console | {brand}`, from the strings the console shell sent; never indexed. */
export function consoleMeta(matches: readonly ({ id: string; data?: unknown } | undefined)[], pathname: string, title: (t: MetaContext['t']) => string): MetaDescriptor[] {
  const present = matches.filter((match): match is { id: string; data?: unknown } => match !== undefined);
  const shell = present.find((match) => match.id === CONSOLE_SHELL_ROUTE_ID)?.data as { messages?: RouteMessages[] } | undefined;
  const context = metaContext(present, pathname, shell?.messages ?? []);
  return [{ title: `${title(context.t)} | ${context.t('console:nav.title')} | ${context.siteName}` }, { name: 'robots', content: 'noindex' }];
}
