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
 * Wide screens: brand, navigation, search, pickers and account on one row. Phones and tablets (below `lg`, 1024 px):
 * brand, account and a menu holding the navigation and pickers, then search as a full-width row.
 * The navigation and pickers are rendered for both; `display: none` leaves the hidden copy out
 * of the tab order and the accessibility tree.
 */
export function SiteHeader() {
  const { t } = useTranslation('header');
  const { siteName } = useRootData();
  return (
    <header className="relative border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 sm:px-6 lg:gap-x-4 lg:py-3">
        <Link to="/" className="flex min-w-0 flex-1 basis-0 items-center gap-2 text-lg font-bold text-green-800 lg:flex-none lg:basis-auto dark:text-green-400">
          <Vote aria-hidden="true" className="size-6 shrink-0" />
          <span className="truncate">{siteName}</span>
        </Link>
        <div className="hidden lg:block">
          <SiteNavigation layout="bar" />
        </div>
        <div className="order-last w-full lg:order-none lg:ml-auto lg:w-auto lg:min-w-40 lg:max-w-64 lg:flex-1">
          <SearchBox />
        </div>
        <div className="hidden items-center gap-2 lg:flex">
          <LanguagePicker />
          <ColourModePicker />
        </div>
        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          <AccountMenu />
          <div className="lg:hidden">
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
