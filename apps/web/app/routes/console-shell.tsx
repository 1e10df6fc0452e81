import { data, Outlet, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { notFoundPath, ConsoleErrorBoundary } from '../components/console/console-error-boundary';
import { notFoundMeta } from '../components/not-found-page';
import { consoleHeaders, EDITOR_HEADERS } from '../lib/console/route-helpers';
import { useRouteMessages } from '../lib/route-messages';
import { metaContext } from '../lib/seo';

/**
 * The layout of every console page: it admits members of `editors` and gives everybody else the
 * ordinary 404 page (status, page, headers and title alike). Pages still check the editor in
 * their own loaders and actions.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { requireEditor } = await import('../lib/console/editor-access.server');
  const { routeMessages } = await import('../lib/i18n.server');
  const editor = await requireEditor(request);
  return data({ editor, messages: routeMessages(request, 'console') }, { headers: EDITOR_HEADERS });
}

export const headers = consoleHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error, matches, location }) => {
  const path = notFoundPath(error);
  if (path !== null) return notFoundMeta(path, matches);
  const context = metaContext(matches, location.pathname, loaded?.messages ?? []);
  if (error) return [{ title: `${context.siteName} - Problem` }];
  return [{ title: `${context.t('console:nav.title')} | ${context.siteName}` }, { name: 'robots', content: 'noindex' }];
};

export default function ConsoleShell() {
  useRouteMessages(useLoaderData<typeof loader>().messages);
  return <Outlet />;
}

export const ErrorBoundary = ConsoleErrorBoundary;
