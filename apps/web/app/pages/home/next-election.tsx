import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Countdown } from './countdown';
import type { HomeData } from './loader.server';
import { dateTimeFormat } from '../../lib/intl';

/** The election visitors care about now, its polling day and a live countdown to it. */
export function NextElection({ election, now }: { election: HomeData['election']; now: number }) {
  const { t, i18n } = useTranslation('home');
  return (
    <section aria-labelledby="next-election" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="next-election" className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-green-800 dark:text-green-400">
        <CalendarDays aria-hidden="true" className="size-4" />
        {t('election.heading')}
      </h2>
      {election ? (
        <>
          <p className="mt-2 text-xl font-bold">{election.name}</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {t('election.pollingDay', {
              date: dateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(election.date)),
            })}
          </p>
          {election.status === 'ongoing' ? <p className="mt-3 font-semibold">{t('election.ongoing')}</p> : <Countdown target={Date.parse(election.date)} serverNow={now} />}
        </>
      ) : (
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('election.none')}</p>
      )}
    </section>
  );
}
