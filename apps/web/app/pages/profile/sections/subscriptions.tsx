import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { SubmitButton } from '../../../components/account/buttons';
import { TOPIC_FIELD, type ProfileData, type ProfileTopic } from '../types';
import { Badge, FormStatus, ProfileSection, useResultFor } from '../section';

/** Past this many regions, a filter box helps find one (with JavaScript; without, the list is all there). */
const FILTER_FROM = 8;

const folded = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

function TopicCheckbox({ topic, label, hidden = false }: { topic: ProfileTopic; label: string; hidden?: boolean }) {
  return (
    <label hidden={hidden} className="flex items-start gap-2 py-0.5">
      <input type="checkbox" name={TOPIC_FIELD} value={topic.id} defaultChecked={topic.subscribed} className="mt-1 size-4 shrink-0 accent-green-700" />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}

/** Every region, in columns; with JavaScript a filter hides the ones that do not match (hidden boxes still count). */
function RegionChoices({ regions }: { regions: ProfileTopic[] }) {
  const { t } = useTranslation('profile');
  const filterId = useId();
  const [enhanced, setEnhanced] = useState(false);
  const [filter, setFilter] = useState('');
  useEffect(() => setEnhanced(true), []);
  const wanted = folded(filter.trim());
  const shown = regions.filter((region) => folded(region.name).includes(wanted));
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">{t('subscriptions.regions')}</legend>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('subscriptions.regionsHint')}</p>
      {enhanced && regions.length > FILTER_FROM ? (
        <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
          <div>
            <label htmlFor={filterId} className="block text-sm font-semibold">
              {t('subscriptions.filter')}
            </label>
            <input
              id={filterId}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              className="mt-1 block w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 py-1.5 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100"
            />
          </div>
          <p role="status" className="pb-1.5 text-sm text-slate-700 dark:text-slate-300">
            {t('subscriptions.shown', { count: shown.length, total: regions.length })}
          </p>
        </div>
      ) : null}
      <div className="grid gap-x-6 sm:grid-cols-2 xl:grid-cols-3">
        {regions.map((region) => (
          <TopicCheckbox key={region.id} topic={region} label={region.name} hidden={!shown.includes(region)} />
        ))}
      </div>
    </fieldset>
  );
}

export function SubscriptionsSection({ data }: { data: ProfileData }) {
  const { t } = useTranslation('profile');
  const result = useResultFor('subscriptions');
  const { address, addressVerified, hasEmailTarget, topics } = data.subscriptions;
  const updates = topics.filter((topic) => topic.kind === 'updates');
  const elections = topics.filter((topic) => topic.kind === 'election');
  const regions = topics.filter((topic) => topic.kind === 'region');
  return (
    <ProfileSection id="subscriptions" title={t('subscriptions.title')} description={<p>{t('subscriptions.intro')}</p>}>
      {hasEmailTarget ? (
        <div className="space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span>
              {t('subscriptions.sentTo')} <strong className="break-all">{address}</strong>
            </span>
            <Badge tone={addressVerified ? 'good' : 'warn'}>{addressVerified ? t('verified') : t('unverified')}</Badge>
          </p>
          {addressVerified ? null : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t('subscriptions.unverified')}{' '}
              <a href="#details" className="font-semibold text-green-800 underline underline-offset-4 dark:text-green-400">
                {t('subscriptions.verifyLink')}
              </a>
            </p>
          )}
        </div>
      ) : (
        <p>{t('subscriptions.noAddress')}</p>
      )}
      {hasEmailTarget ? (
        <Form method="post" preventScrollReset key={`subscriptions-${result?.at ?? 0}`} className="space-y-5">
          <FormStatus result={result} />
          <fieldset className="space-y-1">
            <legend className="font-semibold">{t('subscriptions.general')}</legend>
            {updates.map((topic) => (
              <TopicCheckbox key={topic.id} topic={topic} label={t('subscriptions.updates')} />
            ))}
          </fieldset>
          <fieldset className="space-y-1">
            <legend className="font-semibold">{t('subscriptions.elections')}</legend>
            {elections.length ? elections.map((topic) => <TopicCheckbox key={topic.id} topic={topic} label={topic.name} />) : <p className="text-sm text-slate-700 dark:text-slate-300">{t('subscriptions.noElections')}</p>}
          </fieldset>
          {regions.length ? <RegionChoices regions={regions} /> : null}
          <SubmitButton intent="subscriptions" pendingLabel={t('saving')}>
            {t('subscriptions.save')}
          </SubmitButton>
        </Form>
      ) : null}
    </ProfileSection>
  );
}
