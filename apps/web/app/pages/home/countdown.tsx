import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts } from './countdown-parts';
import { numberFormat } from '../../lib/intl';

const TICK_MS = 20_000;

/**
 * Days, hours and minutes until `target`. The first render uses the loader's clock (`serverNow`), so
 * the HTML and the hydrated page agree; the browser's clock takes over after mount.
 */
export function Countdown({ target, serverNow }: { target: number; serverNow: number }) {
  const { t, i18n } = useTranslation('home');
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = (): void => setNow(Date.now());
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const parts = countdownParts(target, now);
  if (parts.reached) return <p className="mt-3 font-semibold">{t('election.reached')}</p>;
  const number = numberFormat(i18n.language);
  const units = [
    { key: 'days', value: parts.days },
    { key: 'hours', value: parts.hours },
    { key: 'minutes', value: parts.minutes },
  ] as const;
  return (
    <div className="mt-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('election.countdownLabel')}
      </p>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        {units.map((unit) => (
          <div key={unit.key} className="flex flex-col-reverse items-center rounded-md bg-green-50 px-2 py-2 dark:bg-green-950/60">
            <dt className="text-xs text-slate-700 dark:text-slate-300">{t(`election.${unit.key}`, { count: unit.value })}</dt>
            <dd className="text-2xl font-bold tabular-nums text-green-800 sm:text-3xl dark:text-green-300">{number.format(unit.value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
