import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { ProblemAlert } from '../../components/account/alerts';
import { AuthPage } from '../../components/account/auth-page';
import { SubmitButton } from '../../components/account/buttons';
import { ChallengeForm } from '../../components/account/challenge-form';
import { staticPaths } from '../../lib/urls';
import type { SigninData, SigninResult } from './types';

type SecondFactorData = Extract<SigninData, { step: 'secondFactor' }>;

/** The account asks for a second factor: pick one, enter its code; or sign out. */
export function SecondFactorStep({ data, result }: { data: SecondFactorData; result: SigninResult | undefined }) {
  const { t } = useTranslation('account');
  const state = result && (result.intent === 'mfa-send' || result.intent === 'mfa-verify') ? result : undefined;
  return (
    <AuthPage title={t('mfa.title')} intro={<p>{t('mfa.intro')}</p>}>
      <div className="space-y-4">
        {data.problem ? <ProblemAlert problem={data.problem} focus={false} /> : null}
        {data.factors.length ? (
          <ChallengeForm factors={data.factors} open={data.factor} state={state} intents={{ send: 'mfa-send', verify: 'mfa-verify' }} />
        ) : (
          <p>{t('mfa.noFactors')}</p>
        )}
        <Form method="post" action={staticPaths.signout} className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('mfa.notNow')}</p>
          <SubmitButton intent="signout" variant="secondary" pendingLabel={t('signingOut')}>
            {t('signOut')}
          </SubmitButton>
        </Form>
      </div>
    </AuthPage>
  );
}
