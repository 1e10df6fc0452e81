import { Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { staticPaths } from '../../lib/urls';
import { SearchBox } from '../search/search-box';
import { AccountMenu } from './account-menu';
import { ColourModePicker } from './colour-mode-picker';
import { LanguagePicker } from './language-picker';

const navigation = [
  { to: staticPaths.regions, key: 'nav.regions' },
  { to: staticPaths.districts, key: 'nav.districts' },
  { to: staticPaths.parties, key: 'nav.parties' },
  { to: staticPaths.calendar, key: 'nav.calendar' },
] as const;

export function SiteHeader() {
  const { t } = useTranslation('common');
  const { siteName } = useRootData();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-green-800 dark:text-green-400">
          <Vote aria-hidden="true" className="size-6" />
          {siteName}
        </Link>
        <div className="ml-auto sm:order-last sm:ml-0">
          <AccountMenu />
        </div>
        <nav aria-label={t('nav.label')} className="order-3 w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `rounded px-1 py-0.5 hover:text-green-800 dark:hover:text-green-400 ${isActive ? 'text-green-800 underline underline-offset-4 dark:text-green-400' : 'text-slate-700 dark:text-slate-300'}`
                  }
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex min-w-0 flex-1 basis-64 items-center justify-end gap-2">
          {/* Up to 16rem, narrower when the account corner needs the room. */}
          <div className="min-w-0 flex-1 sm:max-w-64">
            <SearchBox />
          </div>
          <LanguagePicker />
          <ColourModePicker />
        </div>
      </div>
    </header>
  );
}
