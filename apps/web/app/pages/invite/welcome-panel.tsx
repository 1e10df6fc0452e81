import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { Notice, ProblemAlert, useProblemText } from '../../components/account/alerts';
import { AuthPage } from '../../components/account/auth-page';
import { buttonClass, SubmitButton } from '../../components/account/buttons';
import { NewPasswordField } from '../../components/account/new-password-field';
import { staticPaths } from '../../lib/urls';
import type { InviteData, InviteResult } from './types';

type JoinedData = Extract<InviteData, { stage: 'joined' }>;

/** After accepting: the visitor is a member; an account the invitation made is offered a password. */
export function WelcomePanel({ data, result }: { data: JoinedData; result: InviteResult | undefined }) {
  const { t } = useTranslation('team');
  const { t: ta } = useTranslation('account');
  const text = useProblemText();
  const saved = result?.intent === 'password' && 'saved' in result;
  const failure = result?.intent === 'password' && 'problem' in result ? result : undefined;
  return (
    <AuthPage title={t('invite.welcome.title', { team: data.team.name })}>
      <div className="space-y-4">
        <Notice title={t('invite.welcome.joined', { team: data.team.name })}>{data.isEditors ? <p>{t('invite.welcome.editorsBody')}</p> : null}</Notice>
        {saved ? <Notice title={t('invite.password.saved')} /> : null}
        {data.needsPassword && !saved ? (
          <Form method="post" className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
            <h2 className="text-lg font-semibold">{t('invite.password.title')}</h2>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('invite.password.intro')}</p>
            {failure && !failure.field ? <ProblemAlert problem={failure.problem} /> : null}
            <NewPasswordField id="invite-password" label={ta('fields.password')} error={failure?.field ? text(failure.problem) : undefined} />
            <SubmitButton intent="password" pendingLabel={ta('saving')}>
              {t('invite.password.save')}
            </SubmitButton>
          </Form>
        ) : null}
        <p className="flex flex-wrap gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          {data.consolePath ? (
            <Link to={data.consolePath} className={buttonClass('primary')}>
              {t('invite.openConsole')}
            </Link>
          ) : null}
          <Link to={staticPaths.profile} className={buttonClass(data.isEditors ? 'secondary' : 'primary')}>
            {t('invite.openProfile')}
          </Link>
        </p>
      </div>
    </AuthPage>
  );
}
