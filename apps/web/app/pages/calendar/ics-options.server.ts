import { siteEnv } from '../../lib/env.server';
import { catalogues, requestLanguage } from '../../lib/i18n.server';
import { translateWith } from '../../lib/seo';
import { calendarPath } from '../../lib/urls';
import { monthKey, monthOf } from './dates';
import type { IcsOptions } from './ics.server';

/** The site's settings for .ics files, with the calendar named in the visitor's language. */
export function icsOptions(request: Request): IcsOptions {
  const { siteName, siteUrl } = siteEnv();
  const resources = (catalogues[requestLanguage(request)] ?? {}) as Record<string, unknown>;
  return {
    siteUrl,
    siteName,
    calendarName: translateWith(resources, 'calendar:feed.name', { siteName }),
    fallbackUrl: (event) => `${siteUrl}${calendarPath({ month: monthKey(monthOf(event.start)) })}#event-${event.$id}`,
  };
}
