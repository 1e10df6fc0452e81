import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { Notice, ProblemAlert } from '../../components/account/alerts';
import { AuthPage } from '../../components/account/auth-page';
import { buttonClass, SubmitButton } from '../../components/account/buttons';
import { withNext } from '../../lib/account/next-path';
import { staticPaths } from '../../lib/urls';
import { useTeamProblem } from '../console/team/team-problem';
import { acceptOutcomeOf, type InviteData, type InviteResult } from './types';

type InvitedData = Extract<InviteData, { stage: 'invited' }>;

/** The invitation as the mail's link opens it: accept or decline, or first sign out of somebody else's account. */
export function InvitationPanel({ data, result }: { data: InvitedData; result: InviteResult | undefined }) {
  const { t } = useTranslation('team');
  const location = useLocation();
  const teamProblem = useTeamProblem();
  const here = `${location.pathname}${location.search}`;
  const team = data.teamName || t('invite.unnamedTeam');
  const { isEditors } = data;
  const acceptProblem = result?.intent === 'accept' && 'problem' in result ? result.problem : undefined;
  const outcome = acceptProblem ? acceptOutcomeOf(acceptProblem) : null;
  const someoneElse = data.viewer.status === 'someoneElse' || outcome === 'mismatch';
  // After these answers the link is spent or wrong: accepting again cannot help.
  const finished = outcome === 'alreadyAccepted' || outcome === 'invalidSecret' || outcome === 'gone';
  const otherProblem = result && 'problem' in result && !outcome ? result.problem : undefined;
  const consolePath = result && 'onward' in result ? result.onward : undefined;
  const onward = consolePath ?? staticPaths.profile;

  return (
    <AuthPage
      title={t('invite.title')}
      intro={
        <>
          <p>{t('invite.intro', { team, siteName: data.siteName })}</p>
          {isEditors ? <p className="mt-2">{t('invite.editorsIntro')}</p> : null}
        </>
      }
    >
      <div className="space-y-4">
        {otherProblem ? <ProblemAlert problem={teamProblem(otherProblem)} /> : null}
        {outcome === 'alreadyAccepted' ? (
          <Notice tone="info" title={t('invite.alreadyAccepted.title')}>
            <p>{t('invite.alreadyAccepted.body', { team })}</p>
            <p className="mt-3">
              <Link to={data.viewer.status === 'invitee' ? onward : withNext(staticPaths.signin, onward)} className={buttonClass('primary')}>
                {data.viewer.status === 'invitee' ? (consolePath ? t('invite.openConsole') : t('invite.openProfile')) : t('invite.signInOnward')}
              </Link>
            </p>
          </Notice>
        ) : null}
        {outcome === 'invalidSecret' || outcome === 'gone' ? <ProblemAlert problem={{ type: acceptProblem!.type, message: t(`invite.problems.${outcome}`) }} /> : null}

        {someoneElse ? (
          <SomeoneElse who={data.viewer.status === 'signedOut' ? '' : data.viewer.who} />
        ) : finished ? null : (
          <>
            {data.viewer.status === 'invitee' ? <p>{t('invite.signedInAs', { who: data.viewer.who })}</p> : <p>{t('invite.signedOutHint')}</p>}
            <Form method="post" className="flex flex-col gap-3 sm:flex-row">
              <SubmitButton intent="accept" className="flex-1" pendingLabel={t('invite.accepting')}>
                {t('invite.accept')}
              </SubmitButton>
              <SubmitButton intent="decline" variant="secondary" className="flex-1" pendingLabel={t('invite.declining')}>
                {t('invite.decline')}
              </SubmitButton>
            </Form>
            {result && 'signInFirst' in result ? (
              <Notice tone="info" title={t('invite.declineSignIn.title')}>
                <p>{t('invite.declineSignIn.body')}</p>
                <p className="mt-3">
                  <Link to={withNext(staticPaths.signin, here)} className={buttonClass('secondary')}>
                    {t('invite.declineSignIn.link')}
                  </Link>
                </p>
              </Notice>
            ) : null}
          </>
        )}
      </div>
    </AuthPage>
  );
}

/** Signed in as another account than the invited one: the invitation cannot be answered from it. */
function SomeoneElse({ who }: { who: string }) {
  const { t } = useTranslation('team');
  return (
    <>
      <ProblemAlert problem={{ type: 'team_invite_mismatch', message: who ? t('invite.problems.mismatchAs', { who }) : t('invite.problems.mismatch') }} focus={false} />
      <p>{t('invite.signOutHint')}</p>
      <Form method="post">
        <SubmitButton intent="signout" className="w-full" pendingLabel={t('invite.signingOut')}>
          {t('invite.signOutAndContinue')}
        </SubmitButton>
      </Form>
    </>
  );
}
