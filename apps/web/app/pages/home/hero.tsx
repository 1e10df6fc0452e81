import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../components/search/search-box';

/** The page's h1, a line on what the site is for, and the big search box. */
export function Hero() {
  const { t } = useTranslation('home');
  return (
    <div className="flex flex-col justify-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{t('hero.title')}</h1>
      <p className="mt-3 max-w-xl text-lg text-slate-700 dark:text-slate-300">{t('hero.lead')}</p>
      <div className="mt-6 max-w-xl">
        <SearchBox id="home-search" size="large" landmark="main" />
      </div>
    </div>
  );
}
