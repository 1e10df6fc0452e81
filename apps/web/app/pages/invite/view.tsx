import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProblemAlert } from '../../components/account/alerts';
import { AuthPage } from '../../components/account/auth-page';
import { buttonClass } from '../../components/account/buttons';
import { staticPaths } from '../../lib/urls';
import { InvitationPanel } from './invitation-panel';
import type { InviteData, InviteResult } from './types';
import { WelcomePanel } from './welcome-panel';

export function InvitePage({ data, result }: { data: InviteData; result: InviteResult | undefined }) {
  const { t } = useTranslation('team');
  switch (data.stage) {
    case 'invited':
      return <InvitationPanel data={data} result={result} />;
    case 'joined':
      return <WelcomePanel data={data} result={result} />;
    case 'declined':
      return (
        <AuthPage title={t('invite.declined.title')}>
          <div className="space-y-4">
            <p>{t('invite.declined.body', { team: data.teamName || t('invite.unnamedTeam') })}</p>
            <p>
              <Link to={staticPaths.home} className={buttonClass('secondary')}>
                {t('invite.home')}
              </Link>
            </p>
          </div>
        </AuthPage>
      );
    case 'invalid':
      return (
        <AuthPage title={t('invite.title')}>
          <div className="space-y-4">
            <ProblemAlert problem={{ type: 'invite_link_incomplete', message: t('invite.incomplete') }} focus={false} />
            <p>
              <Link to={staticPaths.home} className={buttonClass('secondary')}>
                {t('invite.home')}
              </Link>
            </p>
          </div>
        </AuthPage>
      );
  }
}
