import { useTranslation } from 'react-i18next';
import { staticPaths } from '../../lib/urls';
import { eventWhen, isRunning } from './event-when';
import type { HomeEvent } from './loader.server';
import { SectionHeading } from './section-heading';

/** The next few events of the election calendar. */
export function UpcomingEvents({ events, now }: { events: HomeEvent[]; now: number }) {
  const { t, i18n } = useTranslation('home');
  return (
    <section aria-labelledby="home-events" className="mb-10">
      <SectionHeading id="home-events" title={t('events.heading')} link={{ to: staticPaths.calendar, label: t('events.calendar') }} />
      {events.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t('events.none')}</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {events.map((event) => (
            <li key={event.$id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <p className="shrink-0 text-sm font-medium text-slate-700 sm:w-64 dark:text-slate-300">{eventWhen(event, i18n.language)}</p>
              <div className="min-w-0">
                <p className="break-words font-semibold">
                  {event.title}
                  {isRunning(event, now) ? (
                    <span className="ms-2 inline-block rounded-full bg-green-700 px-2 py-0.5 align-middle text-xs font-semibold text-white dark:bg-green-600 dark:text-slate-950">{t('events.now')}</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t(`events.kind.${event.kind}`)}
                  {event.location ? ` · ${event.location}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
