import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { calendarPath } from '../../lib/urls';
import { addMonths, monthKey, monthOf, type YearMonth } from './dates';
import { useCalendarFormat } from './format';
import { toQuery, type CalendarParams } from './query';

const buttonClass = 'inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:border-green-600 hover:text-green-800 dark:border-slate-600 dark:hover:text-green-400';

function MonthLabel({ month }: { month: YearMonth }) {
  const format = useCalendarFormat();
  return (
    <>
      <span className="sm:hidden">{format.monthShort(month)}</span>
      <span className="hidden sm:inline">{format.monthTitle(month)}</span>
    </>
  );
}

/** The month's title with links to the months either side and back to the current one. */
export function MonthNav({ params, today }: { params: CalendarParams; today: string }) {
  const { t } = useTranslation('calendar');
  const format = useCalendarFormat();
  const link = (month: YearMonth) => calendarPath(toQuery(params, { month: monthKey(month) }));
  const previous = addMonths(params.month, -1);
  const next = addMonths(params.month, 1);
  const current = monthOf(`${today}T00:00:00Z`);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id="calendar-month-title" className="text-xl font-semibold">
        {format.monthTitle(params.month)}
      </h2>
      <nav aria-label={t('nav.label')}>
        <ul className="flex flex-wrap items-center gap-2">
          <li>
            <Link to={link(previous)} rel="prev" className={buttonClass}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('nav.previous')}: </span>
              <MonthLabel month={previous} />
            </Link>
          </li>
          <li>
            <Link to={link(next)} rel="next" className={buttonClass}>
              <span className="sr-only">{t('nav.next')}: </span>
              <MonthLabel month={next} />
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
          {monthKey(current) !== monthKey(params.month) ? (
            <li>
              <Link to={link(current)} className={buttonClass}>
                {t('nav.today')}
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
    </div>
  );
}
