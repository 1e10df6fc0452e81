import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { calendarPath } from '../../lib/urls';
import { firstDayGroups } from './buckets';
import { monthGrid, type YearMonth } from './dates';
import type { EventContext } from './event-context';
import type { EventSummary } from './events.server';
import { EventCard } from './event-card';
import { useCalendarFormat } from './format';
import { toQuery, type CalendarParams } from './query';

/** The month's events day by day, each once (under the first of its days in this month). */
export function MonthAgenda({ params, events, context, today }: { params: CalendarParams; events: EventSummary[]; context: EventContext; today: string }) {
  const { t } = useTranslation('calendar');
  const format = useCalendarFormat();
  const month: YearMonth = params.month;
  const days = monthGrid(month).flat().filter((day) => day.inMonth).map((day) => day.key);
  const groups = firstDayGroups(events, days);
  const name = format.monthName(month);
  return (
    <section aria-labelledby="calendar-agenda-title" className="mt-8">
      <h2 id="calendar-agenda-title" className="text-xl font-semibold">
        {t('agenda.title', { month: name })}
      </h2>
      {groups.length === 0 ? (
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          {t('agenda.empty', { month: name })}{' '}
          <Link to={calendarPath(toQuery(params, { view: 'list' }))} className="font-medium text-green-800 underline underline-offset-4 dark:text-green-400">
            {t('agenda.showList')}
          </Link>
        </p>
      ) : (
        <ol className="mt-3 space-y-6">
          {groups.map(({ day, entries }) => (
            <li key={day}>
              <h3 id={`day-${day}`} className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-800 dark:text-slate-200">
                <time dateTime={day}>{format.dayTitle(day)}</time>
                {day === today ? (
                  <span className="rounded-full bg-green-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-green-500 dark:text-slate-950">{t('grid.today')}</span>
                ) : null}
              </h3>
              <ul className="mt-2 space-y-3">
                {entries.map(({ event, continued }) => (
                  <li key={event.$id}>
                    {continued ? <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">{t('agenda.continues')}</p> : null}
                    <EventCard event={event} context={context} headingLevel={4} withDate={false} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
