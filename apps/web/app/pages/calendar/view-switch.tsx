import { CalendarDays, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { calendarPath } from '../../lib/urls';
import { toQuery, type CalendarParams, type CalendarView } from './query';

const views: { view: CalendarView; icon: typeof List }[] = [
  { view: 'month', icon: CalendarDays },
  { view: 'list', icon: List },
];

export function ViewSwitch({ params }: { params: CalendarParams }) {
  const { t } = useTranslation('calendar');
  return (
    <nav aria-label={t('views.label')}>
      <ul className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
        {views.map(({ view, icon: Icon }) => {
          const active = params.view === view;
          return (
            <li key={view}>
              <Link
                to={calendarPath(toQuery(params, { view }))}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium',
                  active ? 'bg-green-700 text-white dark:bg-green-600 dark:text-slate-950' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(`views.${view}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
