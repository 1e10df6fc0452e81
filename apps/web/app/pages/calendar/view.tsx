import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { useLiveCalendar } from '../../lib/live/live-pages';
import { LiveStatus } from '../../lib/live/live-status';
import { calendarFeedPath } from '../../lib/urls';
import { CalendarFilters } from './calendar-filters';
import { eventContext } from './event-context';
import type { CalendarData } from './load.server';
import { ListView } from './list-view';
import { MonthAgenda } from './month-agenda';
import { MonthGrid } from './month-grid';
import { MonthNav } from './month-nav';
import { ViewSwitch } from './view-switch';

export function CalendarPage({ data }: { data: CalendarData }) {
  const { t } = useTranslation('calendar');
  const { params, events, today } = data;
  const context = eventContext(data);
  const regionId = data.regions.find((region) => region.slug === params.region)?.$id ?? null;
  const updates = useLiveCalendar(
    events.map((event) => event.$id),
    { kind: params.kind, regionId },
  );
  return (
    <>
      <LiveStatus updates={updates} />
      <PageHeader
        title={t('title')}
        description={
          <>
            <p>{t('intro')}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('timeZoneNote')}</p>
          </>
        }
        actions={<ViewSwitch params={params} />}
      />
      <CalendarFilters params={params} monthChosen={data.monthChosen} regions={data.regions} />
      <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <a href={calendarFeedPath({ kind: params.kind ?? undefined, region: params.region ?? undefined })} download className="inline-flex items-center gap-1.5 font-medium text-green-800 underline underline-offset-4 dark:text-green-400">
          <Download aria-hidden="true" className="size-4" />
          {t('feed.download')}
        </a>
        <span className="text-slate-600 dark:text-slate-400">{t('feed.hint')}</span>
      </p>
      {params.view === 'month' ? (
        <section aria-labelledby="calendar-month-title" className="mt-6">
          <MonthNav params={params} today={today} />
          <div className="mt-4">
            <MonthGrid month={params.month} events={events} today={today} />
          </div>
          <MonthAgenda params={params} events={events} context={context} today={today} />
        </section>
      ) : (
        <ListView params={params} events={events} context={context} />
      )}
    </>
  );
}
