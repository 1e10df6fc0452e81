import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { SubmitButton } from '../../components/account/buttons';
import { LocalTime } from '../../components/account/local-time';
import { PageHeader } from '../../components/ui/page-header';
import { staticPaths } from '../../lib/urls';
import { ActivitySection } from './sections/activity';
import { CloseAccountSection } from './sections/close-account';
import { DetailsSection } from './sections/details';
import { IdentitiesSection } from './sections/identities';
import { PasswordSection } from './sections/password';
import { PreferencesSection } from './sections/preferences';
import { SecuritySection } from './sections/security';
import { SessionsSection } from './sections/sessions';
import { SubscriptionsSection } from './sections/subscriptions';
import { TeamsSection } from './sections/teams';
import type { ProfileData } from './types';

const SECTIONS = ['details', 'password', 'preferences', 'subscriptions', 'security', 'sessions', 'identities', 'teams', 'activity', 'block'] as const;

export function ProfilePage({ data }: { data: ProfileData }) {
  const { t } = useTranslation('profile');
  const { user } = data;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={
          <p>
            {t('signedInAs', { who: user.name || user.email })}
            {user.name && user.email ? ` (${user.email})` : ''}. {t('memberSince')} <LocalTime value={user.registered} />
          </p>
        }
        actions={
          <Form method="post" action={staticPaths.signout}>
            <SubmitButton intent="signout" variant="secondary">
              {t('signOut')}
            </SubmitButton>
          </Form>
        }
      />
      <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
        <nav aria-label={t('contents')} className="mb-6 lg:mb-0">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm lg:sticky lg:top-4 lg:flex-col lg:gap-2">
            {SECTIONS.map((id) => (
              <li key={id}>
                <a href={`#${id}`} className="font-medium text-green-800 underline-offset-4 hover:underline dark:text-green-400">
                  {t(`${id}.title`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-6">
          <DetailsSection data={data} />
          <PasswordSection data={data} />
          <PreferencesSection data={data} />
          <SubscriptionsSection data={data} />
          <SecuritySection data={data} />
          <SessionsSection data={data} />
          <IdentitiesSection data={data} />
          <TeamsSection data={data} />
          <ActivitySection data={data} />
          <CloseAccountSection />
        </div>
      </div>
    </>
  );
}
