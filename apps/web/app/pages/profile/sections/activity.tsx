import { useTranslation } from 'react-i18next';
import { LocalTime } from '../../../components/account/local-time';
import type { ProfileData } from '../types';
import { ProfileSection } from '../section';
import { useClientLine } from './sessions';

/** The account's recent events (sign-ins, changes), with the browser and address they came from. */
export function ActivitySection({ data }: { data: ProfileData }) {
  const { t } = useTranslation('profile');
  const clientLine = useClientLine();
  return (
    <ProfileSection id="activity" title={t('activity.title')} description={<p>{t('activity.intro', { count: data.activity.length })}</p>}>
      {data.activity.length ? (
        <ol className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {data.activity.map((entry, index) => (
            <li key={`${entry.time}-${index}`} className="grid gap-x-4 gap-y-0.5 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]" data-testid="activity">
              <span className="font-semibold">{t(`activity.event.${entry.event.replaceAll('.', '_')}`, { defaultValue: entry.event })}</span>
              <span className="break-words text-slate-700 dark:text-slate-300">
                {clientLine(entry.client)} · <span className="break-all">{entry.client.ip}</span>
              </span>
              <span className="text-slate-600 dark:text-slate-400">
                <LocalTime value={entry.time} />
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('activity.none')}</p>
      )}
    </ProfileSection>
  );
}
