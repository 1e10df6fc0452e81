import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_TIME_ZONE, dayDate, eventDays, monthKey, WEEKDAY_SAMPLES, type YearMonth } from './dates';
import { dateTimeFormat } from '../../lib/intl';

interface Timed {
  start: string;
  end: string | null;
  allDay: boolean | null;
}

export interface CalendarFormat {
  /** "March 2027", capitalised for a heading. */
  monthTitle(value: YearMonth): string;
  /** "Mar 2027", where space is short. */
  monthShort(value: YearMonth): string;
  /** The same as the language writes it inside a sentence ("mars 2027"). */
  monthName(value: YearMonth): string;
  /** "Thursday 4 March 2027" */
  dayTitle(key: string): string;
  dayNumber(key: string): string;
  /** "19:00" or "7:00 PM", for the compact grid. */
  clock(instant: string): string;
  /** Monday first. */
  weekdays: { short: string; long: string }[];
  /** When an event happens: all-day aware; `withDate` adds the date to single-day events. */
  when(event: Timed, withDate: boolean): string;
}

function capitalise(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/** Intl formatters for one language, all in the calendar's zone. */
export function calendarFormat(language: string, allDayLabel: string): CalendarFormat {
  const zone = { timeZone: CALENDAR_TIME_ZONE } as const;
  const month = dateTimeFormat(language, { ...zone, month: 'long', year: 'numeric' });
  const monthShort = dateTimeFormat(language, { ...zone, month: 'short', year: 'numeric' });
  const day = dateTimeFormat(language, { ...zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const dayNumber = dateTimeFormat(language, { ...zone, day: 'numeric' });
  const weekdayShort = dateTimeFormat(language, { ...zone, weekday: 'short' });
  const weekdayLong = dateTimeFormat(language, { ...zone, weekday: 'long' });
  const dates = dateTimeFormat(language, { ...zone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const datesInYear = dateTimeFormat(language, { ...zone, weekday: 'short', day: 'numeric', month: 'short' });
  const clock = dateTimeFormat(language, { ...zone, hour: 'numeric', minute: '2-digit' });
  const time = dateTimeFormat(language, { ...zone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const dateTime = dateTimeFormat(language, { ...zone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const dateClock = dateTimeFormat(language, { ...zone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  // Ranges are joined by hand: formatRange's spacing differs between Node's ICU and browsers', which breaks hydration.
  const range = (from: string, to: string) => `${from} – ${to}`;

  return {
    monthTitle: (value) => capitalise(month.format(dayDate(`${monthKey(value)}-01`)), language),
    monthShort: (value) => capitalise(monthShort.format(dayDate(`${monthKey(value)}-01`)), language),
    monthName: (value) => month.format(dayDate(`${monthKey(value)}-01`)),
    dayTitle: (key) => capitalise(day.format(dayDate(key)), language),
    dayNumber: (key) => dayNumber.format(dayDate(key)),
    clock: (instant) => clock.format(new Date(instant)),
    weekdays: WEEKDAY_SAMPLES.map((date) => ({ short: weekdayShort.format(date), long: capitalise(weekdayLong.format(date), language) })),
    when(event, withDate) {
      const { first, last } = eventDays(event);
      if (event.allDay) {
        if (first !== last) {
          const sameYear = first.slice(0, 4) === last.slice(0, 4);
          return range((sameYear ? datesInYear : dates).format(dayDate(first)), dates.format(dayDate(last)));
        }
        return withDate ? `${dates.format(dayDate(first))} · ${allDayLabel}` : allDayLabel;
      }
      const start = new Date(event.start);
      const end = event.end && Date.parse(event.end) > start.getTime() ? new Date(event.end) : null;
      const dated = withDate || first !== last;
      if (!end) return (dated ? dateTime : time).format(start);
      if (first !== last) return range(dateClock.format(start), dateTime.format(end));
      return withDate ? range(dateClock.format(start), time.format(end)) : range(clock.format(start), time.format(end));
    },
  };
}

export function useCalendarFormat(): CalendarFormat {
  const { t, i18n } = useTranslation('calendar');
  const language = i18n.language;
  const allDay = t('event.allDay');
  return useMemo(() => calendarFormat(language, allDay), [language, allDay]);
}
