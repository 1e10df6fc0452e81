import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { NAV_PATHS, NAV_SECTIONS, navMatch } from './nav-section';

/**
 * The site's main sections. `bar` is the wide screens' row; `menu` the phone menu's column of
 * full-width rows. Each item says whether it is the page shown or the section holding it.
 */
export function SiteNavigation({ layout }: { layout: 'bar' | 'menu' }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.label')}>
      <ul className={layout === 'bar' ? 'flex gap-x-3 text-sm font-medium' : 'flex flex-col text-base font-medium'}>
        {NAV_SECTIONS.map((section) => {
          const match = navMatch(section, pathname);
          return (
            <li key={section}>
              <Link
                to={NAV_PATHS[section]}
                aria-current={match === 'page' ? 'page' : match === 'section' ? 'true' : undefined}
                className={cn(
                  'block rounded hover:text-green-800 dark:hover:text-green-400',
                  layout === 'bar' ? 'px-1 py-0.5' : 'px-3 py-2.5 hover:bg-slate-100 dark:hover:bg-slate-800',
                  match ? 'text-green-800 underline underline-offset-4 dark:text-green-400' : 'text-slate-700 dark:text-slate-300',
                )}
              >
                {t(`nav.${section}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
