import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staticPaths } from '../../lib/urls';

const links = [
  { to: staticPaths.regions, key: 'empty.regions' },
  { to: staticPaths.districts, key: 'empty.districts' },
  { to: staticPaths.parties, key: 'empty.parties' },
  { to: staticPaths.calendar, key: 'empty.calendar' },
] as const;

/** Ways into the directory that need no search. */
export function BrowseLinks() {
  const { t } = useTranslation('search');
  return (
    <section aria-labelledby="search-browse" className="mt-8">
      <h2 id="search-browse" className="mb-3 text-lg font-semibold">
        {t('empty.browseTitle')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:border-green-700 hover:text-green-800 dark:border-slate-600 dark:hover:border-green-500 dark:hover:text-green-400">
              {t(link.key)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
