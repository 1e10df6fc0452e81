import { useTranslation } from 'react-i18next';
import { BrowseLinks } from './browse-links';

/** The page before anything is searched (or when the query holds no letters or digits). */
export function SearchIntro({ noTerms }: { noTerms: boolean }) {
  const { t } = useTranslation('search');
  return (
    <>
      <p className="max-w-2xl text-slate-700 dark:text-slate-300">{noTerms ? t('empty.noTerms') : t('empty.intro')}</p>
      <section aria-labelledby="search-tips" className="mt-6 max-w-2xl rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <h2 id="search-tips" className="mb-2 text-lg font-semibold">
          {t('empty.tipsTitle')}
        </h2>
        <ul className="list-disc space-y-1 ps-5 text-slate-700 dark:text-slate-300">
          <li>{t('empty.tipFolding')}</li>
          <li>{t('empty.tipPrefix')}</li>
          <li>{t('empty.tipWords')}</li>
        </ul>
      </section>
      <BrowseLinks />
    </>
  );
}
