import { Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { SearchBox } from '../search/search-box';
import { AccountMenu } from './account-menu';
import { ColourModePicker } from './colour-mode-picker';
import { LanguagePicker } from './language-picker';
import { PhoneMenu } from './phone-menu';
import { SiteNavigation } from './site-navigation';

/**
 * Wide screens (`xl`, 1280 px and up): brand, navigation, search, pickers and account on one row. Below
 * that — phones, tablets and small laptops, where the row does not fit in every language (French at
 * 1024–1279 px pushed the account onto a second line): brand, account and a menu holding the
 * navigation and pickers, then search as a full-width row.
 * The navigation and pickers are rendered for both; `display: none` leaves the hidden copy out
 * of the tab order and the accessibility tree.
 */
export function SiteHeader() {
  const { t } = useTranslation('header');
  const { siteName } = useRootData();
  return (
    <header className="relative border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 sm:px-6 xl:py-3">
        <Link to="/" className="flex min-w-0 flex-1 basis-0 items-center gap-2 text-lg font-bold text-green-800 xl:flex-none xl:basis-auto dark:text-green-400">
          <Vote aria-hidden="true" className="size-6 shrink-0" />
          <span className="truncate">{siteName}</span>
        </Link>
        <div className="hidden xl:block">
          <SiteNavigation layout="bar" />
        </div>
        <div className="order-last w-full xl:order-none xl:ml-auto xl:w-auto xl:max-w-64 xl:min-w-40 xl:flex-1 xl:basis-40">
          <SearchBox />
        </div>
        <div className="hidden items-center gap-2 xl:flex">
          <LanguagePicker />
          <ColourModePicker />
        </div>
        <div className="ml-auto flex items-center gap-2 xl:ml-0">
          <AccountMenu />
          <div className="xl:hidden">
            <PhoneMenu>
              <SiteNavigation layout="menu" />
              <div role="group" aria-label={t('settings')} className="mt-2 flex flex-wrap items-center gap-3 border-t border-slate-200 px-3 pt-3 dark:border-slate-800">
                <LanguagePicker />
                <ColourModePicker />
              </div>
            </PhoneMenu>
          </div>
        </div>
      </div>
    </header>
  );
}
