import { Globe, Laptop, Smartphone, Tablet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { SubmitButton } from '../../../components/account/buttons';
import { LocalTime } from '../../../components/account/local-time';
import type { ClientDescription } from '../../../lib/account/client-description';
import type { ProfileData } from '../types';
import { Badge, FormStatus, ProfileSection, useResultFor } from '../section';

const deviceIcons = { desktop: Laptop, phone: Smartphone, tablet: Tablet, other: Globe } as const;

/** "Chrome 140 on GNU/Linux" — or whatever part is known. */
export function useClientLine(): (client: ClientDescription) => string {
  const { t } = useTranslation('profile');
  return (client) => {
    const browser = client.browser || t('sessions.unknownBrowser');
    return client.os ? t('sessions.browserOn', { browser, os: client.os }) : browser;
  };
}

export function SessionsSection({ data }: { data: ProfileData }) {
  const { t } = useTranslation('profile');
  const result = useResultFor('session-delete', 'sessions-others', 'sessions-all');
  const clientLine = useClientLine();
  const others = data.sessions.filter((session) => !session.current).length;
  return (
    <ProfileSection id="sessions" title={t('sessions.title')} description={<p>{t('sessions.intro')}</p>}>
      <FormStatus result={result} />
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {data.sessions.map((session) => {
          const Icon = deviceIcons[session.client.kind];
          return (
            <li key={session.id} className="flex flex-wrap items-start gap-3 p-3" data-testid="session">
              <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-slate-600 dark:text-slate-400" />
              <div className="min-w-0 flex-1 basis-48">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <span className="break-words">{clientLine(session.client)}</span>
                  {session.current ? <Badge tone="good">{t('sessions.current')}</Badge> : null}
                </p>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-slate-700 dark:text-slate-300">
                  {session.client.device || session.client.kind !== 'other' ? (
                    <>
                      <dt className="font-medium">{t('sessions.device')}</dt>
                      <dd className="break-words">{session.client.device || t(`sessions.kind.${session.client.kind}`)}</dd>
                    </>
                  ) : null}
                  <dt className="font-medium">{t('sessions.ip')}</dt>
                  <dd className="break-all">
                    {session.client.ip}
                    {session.client.country ? ` (${session.client.country})` : ''}
                  </dd>
                  <dt className="font-medium">{t('sessions.since')}</dt>
                  <dd>
                    <LocalTime value={session.createdAt} />
                  </dd>
                  <dt className="font-medium">{t('sessions.method')}</dt>
                  <dd>{t(`sessions.provider.${session.provider}`, { defaultValue: session.provider })}</dd>
                </dl>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="sessionId" value={session.id} />
                <SubmitButton intent="session-delete" variant="secondary" className="px-3 py-1.5 text-sm" aria-label={t('sessions.signOutOne', { client: clientLine(session.client) })}>
                  {t('sessions.signOut')}
                </SubmitButton>
              </Form>
            </li>
          );
        })}
      </ul>
      <Form method="post" preventScrollReset className="flex flex-wrap gap-3">
        {others > 0 ? (
          <SubmitButton intent="sessions-others" variant="secondary" pendingLabel={t('saving')}>
            {t('sessions.signOutOthers')}
          </SubmitButton>
        ) : null}
        <SubmitButton intent="sessions-all" variant="danger" pendingLabel={t('saving')}>
          {t('sessions.signOutAll')}
        </SubmitButton>
      </Form>
    </ProfileSection>
  );
}
