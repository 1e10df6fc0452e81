import { useTranslation } from 'react-i18next';
import { BrowseLinks } from './browse-links';

/** The API refused the search (too many from this address for now): say so, and offer the ways in that need no search. */
export function SearchLimited() {
  const { t } = useTranslation('search');
  return (
    <section aria-labelledby="search-limited" className="max-w-2xl">
      <h2 id="search-limited" className="text-lg font-semibold">
        {t('limited.title')}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('limited.text')}</p>
      <BrowseLinks />
    </section>
  );
}
