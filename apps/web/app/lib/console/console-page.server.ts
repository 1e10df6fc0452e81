import { matchRoutes, type Params } from 'react-router';
import type { ConsolePage } from '../../pages/console/types';
import { siteEnv } from '../env.server';
import { catalogues, requestLanguage, routeMessages } from '../i18n.server';
import { translateWith } from '../seo';
import { CONSOLE_PAGES, type ConsolePageEntry, type Translate } from './console-pages.server';
import { editorAccessOf, NotAConsolePage } from './editor-access.server';
import { CONSOLE_PATH } from './paths';

const pageRoutes = CONSOLE_PAGES.map((entry, index) => ({ id: String(index), path: entry.path ? `${CONSOLE_PATH}/${entry.path}` : CONSOLE_PATH }));

/** Answer of consoleAction when the address has no console form for this visitor. */
export const NO_CONSOLE_ACTION = Symbol('no console action');

/** The console page at the request's address (matched as React Router would), when the visitor is an editor. */
async function editorsPageAt(request: Request): Promise<{ entry: ConsolePageEntry; params: Params } | null> {
  // Asked at every address, console or not: were only console addresses slower to answer a
  // signed-in visitor, the delay would point at them.
  const editor = await editorAccessOf(request);
  const match = matchRoutes(pageRoutes, new URL(request.url).pathname)?.at(-1);
  const entry = match && CONSOLE_PAGES[Number(match.route.id)];
  if (!match || !entry || !editor) return null;
  return { entry, params: match.params };
}

function translator(request: Request): Translate {
  const resources = (catalogues[requestLanguage(request)] ?? {}) as Record<string, unknown>;
  return (key, options) => translateWith(resources, key, options);
}

/**
 * Runs a console page's loader or action; `otherwise` when the address turns out to name nothing
 * (an unknown collection), which is then answered like any unknown address.
 */
async function unlessNotAPage<T, O>(run: () => Promise<T>, otherwise: O): Promise<T | O> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NotAConsolePage) return otherwise;
    throw error;
  }
}

/** An editor's console page at the request's address; null for any other address or visitor. */
export async function consolePage(request: Request): Promise<ConsolePage | null> {
  const found = await editorsPageAt(request);
  if (!found) return null;
  const t = translator(request);
  const page = await unlessNotAPage(() => found.entry.load(request, found.params, t), null);
  if (!page) return null;
  return {
    ...page,
    title: `${page.title} | ${t('console:nav.title')} | ${siteEnv().siteName}`,
    messages: routeMessages(request, 'console', ...(found.entry.namespaces ?? [])),
  };
}

/** What a console page's action answers an editor's form; NO_CONSOLE_ACTION for any other address, visitor or page. */
export async function consoleAction(request: Request): Promise<unknown> {
  const found = await editorsPageAt(request);
  const act = found?.entry.act;
  if (!found || !act) return NO_CONSOLE_ACTION;
  return unlessNotAPage(() => act(request, found.params), NO_CONSOLE_ACTION);
}
