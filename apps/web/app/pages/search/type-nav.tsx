import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format-count';
import { searchHref, SEARCH_TYPES, type SearchParams, type SearchType } from './params';
import type { SearchGroup } from './types';

/** Links to each type's results with its count; "All" shows a preview of every type. */
export function TypeNav({ params, groups, total }: { params: SearchParams; groups: SearchGroup[]; total: string }) {
  const { t, i18n } = useTranslation('search');
  const countOf = (type: SearchType): number => groups.find((group) => group.type === type)?.total ?? 0;
  const entries: { type: SearchType | null; label: string; count: string; empty: boolean }[] = [
    { type: null, label: t('types.all'), count: total, empty: false },
    ...SEARCH_TYPES.map((type) => ({ type, label: t(`types.${type}`), count: formatCount(countOf(type), i18n.language), empty: countOf(type) === 0 })),
  ];
  return (
    <nav aria-label={t('types.label')} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {entries.map((entry) => {
          const current = params.type === entry.type;
          const filters = entry.type === 'candidates' ? { region: params.region, party: params.party, office: params.office } : {};
          return (
            <li key={entry.type ?? 'all'}>
              <Link
                to={searchHref({ q: params.q, type: entry.type, ...filters })}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium',
                  current
                    ? 'border-green-700 bg-green-700 text-white dark:border-green-500 dark:bg-green-600 dark:text-slate-950'
                    : 'border-slate-300 text-slate-800 hover:border-green-700 dark:border-slate-600 dark:text-slate-200 dark:hover:border-green-500',
                  entry.empty && !current && 'text-slate-600 dark:text-slate-400',
                )}
              >
                {entry.label}
                <span className={cn('rounded-full px-1.5 text-xs', current ? 'bg-white text-green-900 dark:bg-slate-950 dark:text-green-300' : 'bg-slate-100 dark:bg-slate-800')}>{entry.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
