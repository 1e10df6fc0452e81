import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRouteLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { GeneralErrorBoundary } from './components/error-page';
import { hasSessionCookie } from './lib/account/session-cookie';
import { SIGNED_OUT, type Viewer } from './lib/account/viewer';
import { watchForNewBuilds } from './lib/build-update';
import { colourModeScript, type ColourMode } from './lib/colour-mode';
import { createI18n } from './lib/i18n';
import './app.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const { sharedCatalogue, requestLanguage } = await import('./lib/i18n.server');
  const { siteEnv } = await import('./lib/env.server');
  const env = siteEnv();
  const language = requestLanguage(request);
  // Only a request with a session cookie costs an API call; every other visitor is a guest.
  const viewer: Viewer = hasSessionCookie(request.headers.get('cookie')) ? await (await import('./lib/account/state.server')).viewerOf(request) : SIGNED_OUT;
  return {
    language,
    resources: sharedCatalogue(language),
    viewer,
    languages: env.languages,
    siteName: env.siteName,
    siteUrl: env.siteUrl,
    projectId: env.projectId,
    buildId: __BUILD_ID__,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The error page's title is `{brand} - Problem` (seed §2); pages set their own titles. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => (error ? [{ title: `${data?.siteName ?? 'Ballot Atlas'} - Problem` }] : []);

export function useRootData(): RootData {
  return useRouteLoaderData('root') as RootData;
}

/** A route may force a colour mode with `export const handle = { colourMode: 'dark' }`. */
function useForcedColourMode(): ColourMode | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const mode = (match.handle as { colourMode?: ColourMode } | undefined)?.colourMode;
    if (mode) return mode;
  }
  return undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const forced = useForcedColourMode();
  const i18n = useMemo(() => createI18n(data?.language ?? 'en', data?.resources ?? {}), [data?.language, data?.resources]);
  return (
    <html lang={data?.language ?? 'en'} data-forced-mode={forced} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <script dangerouslySetInnerHTML={{ __html: colourModeScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <I18nextProvider i18n={i18n}>
          <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-green-700 focus:px-3 focus:py-2 focus:text-white">
            {i18n.t('common:skipToContent')}
          </a>
          <div className="flex min-h-screen flex-col">
            <SiteHeader />
            <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
              {children}
            </main>
            <SiteFooter />
          </div>
        </I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { buildId } = useLoaderData<typeof loader>();
  useEffect(() => watchForNewBuilds(buildId), [buildId]);
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
