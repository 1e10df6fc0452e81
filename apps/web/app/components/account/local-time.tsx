import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../lib/intl';

/**
 * A moment in the visitor's own time zone. The server does not know it, so the first render (and
 * the HTML) says UTC, and the browser switches to local time once it runs.
 */
export function LocalTime({ value }: { value: string }) {
  const { i18n } = useTranslation();
  const [zone, setZone] = useState<string>('UTC');
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const text = dateTimeFormat(i18n.language, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' }).format(date);
  return <time dateTime={value}>{text}</time>;
}
