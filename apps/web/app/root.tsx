import { useEffect } from 'react';
import { data, Links, Meta, Outlet, ScrollRestoration, useMatches, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { PageScripts } from './components/layout/page-scripts';
import { SiteChrome } from './components/layout/site-chrome';
import { GeneralErrorBoundary } from './components/error-page';
import { hasSessionCookie } from './lib/account/session-cookie';
import { SIGNED_OUT, type Viewer } from './lib/account/viewer';
import { watchForNewBuilds } from './lib/build-update';
import { colourModeScript, type ColourMode } from './lib/colour-mode';
import { useCspNonce } from './lib/csp-nonce';
import { FormattedOutputScript } from './lib/intl-output';
import { FALLBACK_ROOT_DATA, useRootData, type RootData } from './lib/root-data';
import { sharedStringsPath } from './lib/shared-strings';
import siteStylesheet from './app.css?url';

/**
 * The stylesheet is the one file the first paint waits for. With a `precedence`, React writes it at
 * the top of <head>, before any preload link, so a phone's connection fetches it first; the page's
 * scripts are not fetched until the page has painted (PageScripts).
 */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: siteStylesheet, precedence: 'site' }];

/** For modules that still import it from here; new code imports lib/root-data. */
export { useRootData } from './lib/root-data';

export async function loader({ request }: LoaderFunctionArgs) {
  const { requestLanguage, staleLanguageCookie, addressLanguageCookie } = await import('./lib/i18n.server');
  const { siteEnv } = await import('./lib/env.server');
  const env = siteEnv();
  const language = requestLanguage(request);
  // Only a request with a session cookie costs an API call; every other visitor is a guest.
  const viewer: Viewer = hasSessionCookie(request.headers.get('cookie')) ? await (await import('./lib/account/state.server')).viewerOf(request) : SIGNED_OUT;
  // Likewise only a visitor who picked candidates to compare costs one (their names, for the tray).
  const compare = await (await import('./pages/compare/tray.server')).compareTray(request);
  const root: RootData = {
    language,
    viewer,
    languages: env.languages,
    siteName: env.siteName,
    siteUrl: env.siteUrl,
    projectId: env.projectId,
    buildId: __BUILD_ID__,
    defaultLanguage: env.defaultLanguage,
    compare: compare.tray,
  };
  // A language cookie the site cannot read was ignored above; this replaces it so it stops coming back.
  // A language the address asked for (`?lang=`) becomes the visitor's choice.
  // The compare notice ("your selection is full") is shown once, then cleared.
  const headers = new Headers();
  for (const cookie of [staleLanguageCookie(request), addressLanguageCookie(request), compare.setCookie]) if (cookie) headers.append('Set-Cookie', cookie);
  return headers.has('Set-Cookie') ? data(root, { headers }) : root;
}

/** The error page's title is `{brand} - Problem` (seed §2); pages set their own titles. */
export const meta: MetaFunction<typeof loader> = ({ data: root, error }) => (error ? [{ title: `${root?.siteName ?? FALLBACK_ROOT_DATA.siteName} - Problem` }] : []);

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
  const { language, buildId } = useRootData();
  const nonce = useCspNonce();
  const forced = useForcedColourMode();
  return (
    <html lang={language} data-forced-mode={forced} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: colourModeScript }} />
        <Meta />
        <Links />
        {/* The shared strings, which the scripts wait for before hydrating (entry.client.tsx). */}
        {buildId && <link rel="preload" href={sharedStringsPath(language, buildId)} as="fetch" data-shared-strings="" crossOrigin="anonymous" fetchPriority="low" />}
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <SiteChrome>{children}</SiteChrome>
        <FormattedOutputScript />
        <ScrollRestoration nonce={nonce} />
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { buildId } = useRootData();
  useEffect(() => watchForNewBuilds(buildId), [buildId]);
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
