import { CalendarPlus, ExternalLink, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { entityPaths } from '../../lib/directory/entity-paths';
import { eventIcsPath } from '../../lib/urls';
import { safeWebUrl } from '../../lib/web-link';
import { eventDays } from './dates';
import type { EventSummary } from './events.server';
import { useCalendarFormat } from './format';
import { KIND_STYLES, KindBadge } from './kind-badge';
import type { EventContext } from './event-context';

interface EventCardProps {
  event: EventSummary;
  context: EventContext;
  /** The heading level fits where the card sits: under a day (h4) or a month (h3). */
  headingLevel: 3 | 4;
  /** Single-day events say their date when the card is not under a day heading. */
  withDate: boolean;
}

const linkClass = 'inline-flex items-center gap-1 font-medium text-green-800 underline underline-offset-4 hover:text-green-950 dark:text-green-400 dark:hover:text-green-300';

export function EventCard({ event, context, headingLevel, withDate }: EventCardProps) {
  const { t } = useTranslation('calendar');
  const format = useCalendarFormat();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const headingId = `event-${event.$id}-title`;
  const { first } = eventDays(event);
  const region = event.regionId ? context.regions.get(event.regionId) : undefined;
  const party = event.partyId ? context.parties.get(event.partyId) : undefined;
  const moreInfo = safeWebUrl(event.url);
  return (
    <article id={`event-${event.$id}`} aria-labelledby={headingId} className={cn('scroll-mt-4 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900', KIND_STYLES[event.kind].accent)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <KindBadge kind={event.kind} />
        <time dateTime={event.allDay ? first : event.start} suppressHydrationWarning className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {format.when(event, withDate)}
        </time>
      </div>
      <Heading id={headingId} className="mt-2 text-lg font-semibold break-words">
        {event.title}
      </Heading>
      {event.location ? (
        <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-700 dark:text-slate-300">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="sr-only">{t('event.location')}: </span>
            {event.location}
          </span>
        </p>
      ) : null}
      {event.description ? <p className="mt-2 text-sm break-words text-slate-700 dark:text-slate-300">{event.description}</p> : null}
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <li>
          {region ? (
            <Link to={entityPaths.region(region.slug)} className={linkClass}>
              {t('event.region', { region: region.name })}
            </Link>
          ) : (
            <span className="text-slate-600 dark:text-slate-400">{t('event.nationwide')}</span>
          )}
        </li>
        {party ? (
          <li>
            <Link to={entityPaths.party(party.$id)} className={linkClass}>
              {t('event.party', { party: party.name })}
            </Link>
          </li>
        ) : null}
        {moreInfo ? (
          <li>
            <a href={moreInfo} rel="external noopener noreferrer" className={linkClass}>
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('event.moreInfo')}
              <span className="sr-only">: {event.title}</span>
            </a>
          </li>
        ) : null}
        <li>
          <a href={eventIcsPath(event.$id)} download className={linkClass}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t('event.download')}
            <span className="sr-only">: {event.title}</span>
          </a>
        </li>
      </ul>
    </article>
  );
}
