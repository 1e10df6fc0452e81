import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { eventsByDay } from './buckets';
import { monthGrid, type YearMonth } from './dates';
import type { EventSummary } from './events.server';
import { useCalendarFormat } from './format';
import { KIND_STYLES } from './kind-badge';

/**
 * The month as a table (weekdays as column headers, one row a week); each event links to its
 * card in the agenda below. Too narrow a screen gets the agenda alone.
 */
export function MonthGrid({ month, events, today }: { month: YearMonth; events: EventSummary[]; today: string }) {
  const { t } = useTranslation('calendar');
  const format = useCalendarFormat();
  const weeks = monthGrid(month);
  const days = weeks.flat().filter((day) => day.inMonth).map((day) => day.key);
  const buckets = eventsByDay(events, days);
  return (
    <table className="hidden w-full table-fixed border-collapse text-sm md:table">
      <caption className="sr-only">{t('grid.caption', { month: format.monthTitle(month) })}</caption>
      <thead>
        <tr>
          {format.weekdays.map((weekday) => (
            <th key={weekday.long} scope="col" abbr={weekday.long} className="border-b border-slate-300 py-2 text-left font-semibold text-slate-700 dark:border-slate-700 dark:text-slate-300">
              <span className="px-2">{weekday.short}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.key}>
            {week.map((day) => {
              const isToday = day.key === today;
              const entries = day.inMonth ? (buckets.get(day.key) ?? []) : [];
              return (
                <td
                  key={day.key}
                  aria-current={isToday ? 'date' : undefined}
                  className={cn(
                    'h-28 border border-slate-200 p-1.5 align-top dark:border-slate-800',
                    day.inMonth ? 'bg-white dark:bg-slate-950' : 'bg-slate-50 text-slate-500 dark:bg-slate-900/60 dark:text-slate-400',
                    isToday && 'bg-green-50 ring-2 ring-green-700 ring-inset dark:bg-green-950/40 dark:ring-green-500',
                  )}
                >
                  <div className="flex items-center justify-between gap-1">
                    <time dateTime={day.key} className={cn('inline-flex size-7 items-center justify-center rounded-full font-semibold', isToday && 'bg-green-700 text-white dark:bg-green-500 dark:text-slate-950')}>
                      <span className="sr-only">{format.dayTitle(day.key)}</span>
                      <span aria-hidden="true">{format.dayNumber(day.key)}</span>
                    </time>
                    {isToday ? <span className="text-xs font-semibold text-green-800 dark:text-green-400">{t('grid.today')}</span> : null}
                  </div>
                  {entries.length ? (
                    <ul className="mt-1 space-y-1">
                      {entries.map(({ event, continued }) => (
                        <li key={event.$id}>
                          <a
                            href={`#event-${event.$id}`}
                            className={cn(
                              'block rounded border-l-4 bg-slate-100 px-1.5 py-0.5 text-xs leading-snug text-slate-900 hover:bg-green-100 hover:underline dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-green-900/50',
                              KIND_STYLES[event.kind].accent,
                            )}
                          >
                            <span className="line-clamp-2 break-words">
                              {!event.allDay && !continued ? <span className="font-semibold">{format.clock(event.start)} </span> : null}
                              {continued ? <span className="sr-only">{t('grid.continued')}: </span> : null}
                              {event.title}
                            </span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
