import { useTranslation } from 'react-i18next';
import { Link, type MetaDescriptor } from 'react-router';

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

export function notFoundMeta(path: string, matches: readonly { id: string; data?: unknown }[]): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')?.data as { siteName?: string } | undefined;
  return [{ title: `Page not found: ${path} | ${root?.siteName ?? ''}` }, { name: 'robots', content: 'noindex' }];
}
