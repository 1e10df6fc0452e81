import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext, pageMeta } from '../lib/seo';
import { calendarPath } from '../lib/urls';
import { monthKey } from '../pages/calendar/dates';
import { eventsJsonLd } from '../pages/calendar/json-ld';
import { CalendarPage } from '../pages/calendar/view';

/** `/eventCalendar?view=month|list&month=YYYY-MM&kind=&region=` */
export async function loader({ request }: LoaderFunctionArgs) {
  const { loadCalendar } = await import('../pages/calendar/load.server');
  return loadCalendar(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  // A month the address chose is a page of its own (the sitemap lists each month with events).
  const month = data?.monthChosen && data.params.view !== 'list' ? monthKey(data.params.month) : null;
  const context = metaContext(matches, month ? calendarPath({ month }) : location.pathname);
  return pageMeta(context, {
    title: context.t('calendar:meta.title'),
    description: context.t('calendar:meta.description'),
    jsonLd: data && data.events.length ? eventsJsonLd(data.events, context.siteUrl) : undefined,
  });
};

export default function CalendarRoute() {
  return <CalendarPage data={useLoaderData<typeof loader>()} />;
}
