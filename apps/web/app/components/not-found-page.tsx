import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, type MetaDescriptor } from 'react-router';
import type { ConsolePage } from '../pages/console/types';

/**
 * What an address no route serves answers (lib/console/unmatched-path.server.ts): the non-fatal
 * 404, or, for the few visitors allowed it, the page found there.
 */
export type UnmatchedPathData = { path: string } | { found: ConsolePage };

export function isUnmatchedPath(data: object): data is UnmatchedPathData {
  return 'path' in data || 'found' in data;
}

// A chunk of its own, loaded only when a found page is shown. No Suspense boundary: the server
// render waits for it (the page is in the HTML, also without JavaScript), hydration and
// navigations (transitions) keep what is on screen until it has arrived.
const FoundPage = lazy(() => import('../pages/console/view'));

/** Non-fatal 404 (seed §2): the layout stays, with "Page not found: {path}". */
export function NotFoundPage({ path }: { path: string }) {
  const { t } = useTranslation('common');
  return (
    <section className="py-12 text-center">
      <h1 className="text-2xl font-bold">Page not found: {path}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{t('notFound.hint')}</p>
      <p className="mt-6 flex justify-center gap-4">
        <Link className="font-semibold text-green-800 underline underline-offset-4 dark:text-green-400" to="/">
          {t('notFound.home')}
        </Link>
        <Link className="font-semibold text-green-800 underline underline-offset-4 dark:text-green-400" to="/search">
          {t('notFound.search')}
        </Link>
      </p>
    </section>
  );
}

/** The page of an address no route serves. */
export function UnmatchedPathPage({ data }: { data: UnmatchedPathData }) {
  const result = useActionData();
  return 'found' in data ? <FoundPage page={data.found} result={result} /> : <NotFoundPage path={data.path} />;
}

export function notFoundMeta(path: string, matches: readonly { id: string; data?: unknown }[]): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')?.data as { siteName?: string } | undefined;
  return [{ title: `Page not found: ${path} | ${root?.siteName ?? ''}` }, { name: 'robots', content: 'noindex' }];
}

export function unmatchedPathMeta(data: UnmatchedPathData | undefined, matches: readonly { id: string; data?: unknown }[]): MetaDescriptor[] {
  if (data && 'found' in data) return [{ title: data.found.title }, { name: 'robots', content: 'noindex' }];
  return notFoundMeta(data?.path ?? '', matches);
}
