import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { calendarPath } from '../../lib/urls';
import { monthKey, monthOf, type YearMonth } from './dates';
import type { EventContext } from './event-context';
import type { EventSummary } from './events.server';
import { EventCard } from './event-card';
import { useCalendarFormat } from './format';
import { toQuery, type CalendarParams } from './query';

function byMonth(events: readonly EventSummary[]): { month: YearMonth; events: EventSummary[] }[] {
  const groups = new Map<string, { month: YearMonth; events: EventSummary[] }>();
  for (const event of events) {
    const month = monthOf(event.start);
    const group = groups.get(monthKey(month)) ?? { month, events: [] };
    group.events.push(event);
    groups.set(monthKey(month), group);
  }
  return [...groups.values()];
}

/** Every matching event in date order, under a heading per month. */
export function ListView({ params, events, context }: { params: CalendarParams; events: EventSummary[]; context: EventContext }) {
  const { t } = useTranslation('calendar');
  const format = useCalendarFormat();
  if (events.length === 0) return <p className="mt-6 text-slate-700 dark:text-slate-300">{t('list.empty')}</p>;
  return (
    <div className="mt-6 space-y-10">
      {byMonth(events).map(({ month, events: monthEvents }) => {
        const key = monthKey(month);
        const title = format.monthTitle(month);
        return (
          <section key={key} aria-labelledby={`month-${key}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-2 dark:border-slate-800">
              <h2 id={`month-${key}`} className="text-xl font-semibold">
                {title}
              </h2>
              <Link to={calendarPath(toQuery(params, { view: 'month', month: key }))} className="text-sm font-medium text-green-800 underline underline-offset-4 dark:text-green-400">
                {t('list.showMonth', { month: format.monthName(month) })}
              </Link>
            </div>
            <ul className="mt-4 space-y-3">
              {monthEvents.map((event) => (
                <li key={event.$id}>
                  <EventCard event={event} context={context} headingLevel={3} withDate />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
