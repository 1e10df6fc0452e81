import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';

export interface OfficeChoice {
  label: string;
  to: string;
  current: boolean;
}

/** Links between the office views of one list; filters other than the page carry over. */
export function OfficeSwitcher({ choices }: { choices: OfficeChoice[] }) {
  const { t } = useTranslation('candidates');
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('page');
  const query = params.toString();
  return (
    <nav aria-label={t('filters.office')} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.to}>
            <Link
              to={query ? `${choice.to}?${query}` : choice.to}
              aria-current={choice.current ? 'page' : undefined}
              className={cn(
                'inline-block rounded-full border px-3 py-1 text-sm font-medium',
                choice.current
                  ? 'border-green-700 bg-green-700 text-white dark:border-green-500 dark:bg-green-500 dark:text-slate-950'
                  : 'border-slate-300 text-slate-800 hover:border-green-600 hover:text-green-800 dark:border-slate-600 dark:text-slate-200 dark:hover:text-green-400',
              )}
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
