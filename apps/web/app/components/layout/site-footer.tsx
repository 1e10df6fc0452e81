import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staticPaths } from '../../lib/urls';
import { useRootData } from '../../lib/root-data';

const links = [
  { to: staticPaths.about, key: 'footer.about' },
  { to: staticPaths.contact, key: 'footer.contact' },
  { to: staticPaths.privacy, key: 'footer.privacy' },
  { to: staticPaths.terms, key: 'footer.terms' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation('common');
  const { siteName } = useRootData();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 text-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-slate-700 underline-offset-4 hover:underline dark:text-slate-300">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-slate-600 dark:text-slate-400">{t('footer.sampleData', { siteName })}</p>
      </div>
    </footer>
  );
}
