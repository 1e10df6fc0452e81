import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventWhen } from '../home/event-when';
import { staticPaths } from '../../lib/urls';
import type { BallotEvent } from './races';

/** The registration and polling dates that concern this place (national, its region's, its district's). */
export function BallotEvents({ events }: { events: BallotEvent[] }) {
  const { t, i18n } = useTranslation(['my-ballot', 'home']);
  return (
    <section aria-labelledby="ballot-events" className="break-inside-avoid-page">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="ballot-events" className="text-xl font-semibold">
          {t('ballot.eventsHeading')}
        </h2>
        <Link to={staticPaths.calendar} className="text-sm font-medium text-green-800 underline underline-offset-2 hover:no-underline print:hidden dark:text-green-400">
          {t('ballot.allEvents')}
        </Link>
      </div>
      {events.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t('ballot.noEvents')}</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {events.map((event) => (
            <li key={event.$id} className="px-4 py-3">
              <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{eventWhen(event, i18n.language)}</p>
              <p className="break-words font-semibold">{event.title}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t(`home:events.kind.${event.kind}`)}
                {event.location ? ` · ${event.location}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
