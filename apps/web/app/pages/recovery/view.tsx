import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { Notice, ProblemAlert, useProblemText } from '../../components/account/alerts';
import { AuthPage } from '../../components/account/auth-page';
import { buttonClass, SubmitButton } from '../../components/account/buttons';
import { NewPasswordField } from '../../components/account/new-password-field';
import { Field } from '../../components/account/field';
import { PASSWORD_MAX } from '../../lib/account/form-values';
import { staticPaths } from '../../lib/urls';
import type { RecoveryData, RecoveryResult } from './types';

export function RecoveryPage({ data, result }: { data: RecoveryData; result: RecoveryResult | undefined }) {
  const { t } = useTranslation('account');
  const footer = (
    <p>
      <Link to={staticPaths.signin} className={buttonClass('link')}>
        {t('recovery.backToSignin')}
      </Link>
    </p>
  );
  if (data.step === 'reset') {
    return (
      <AuthPage title={t('recovery.resetTitle')} intro={<p>{t('recovery.resetIntro')}</p>} footer={footer}>
        {data.expired ? <ExpiredLink /> : <ResetForm userId={data.userId} secret={data.secret} result={result?.intent === 'reset' ? result : undefined} />}
      </AuthPage>
    );
  }
  const requested = result?.intent === 'request' ? result : undefined;
  return (
    <AuthPage title={t('recovery.title')} intro={<p>{t('recovery.intro')}</p>} footer={footer}>
      {requested && 'sent' in requested ? (
        <Notice title={t('recovery.sent.title')}>
          <p>{t('recovery.sent.body', { email: requested.email })}</p>
        </Notice>
      ) : (
        <Form method="post" className="space-y-4">
          {requested && 'problem' in requested ? <ProblemAlert problem={requested.problem} /> : null}
          <Field id="recovery-email" name="email" type="email" label={t('fields.email')} autoComplete="email" spellCheck={false} required defaultValue={requested?.email ?? data.email} />
          <SubmitButton intent="request" className="w-full" pendingLabel={t('sending')}>
            {t('recovery.submit')}
          </SubmitButton>
        </Form>
      )}
    </AuthPage>
  );
}

function ExpiredLink() {
  const { t } = useTranslation('account');
  return (
    <div className="space-y-4">
      <ProblemAlert problem={{ type: 'user_invalid_token', message: '' }} focus={false} />
      <p>
        <Link to={staticPaths.recovery} className={buttonClass('primary')}>
          {t('recovery.newLink')}
        </Link>
      </p>
    </div>
  );
}

function ResetForm({ userId, secret, result }: { userId: string; secret: string; result: Extract<RecoveryResult, { intent: 'reset' }> | undefined }) {
  const { t } = useTranslation('account');
  const text = useProblemText();
  const errorFor = (field: 'password' | 'confirm') => (result?.field === field ? text(result.problem) : undefined);
  return (
    <Form method="post" className="space-y-4">
      {result && !result.field ? <ProblemAlert problem={result.problem} /> : null}
      {result && !result.field && result.problem.type === 'user_invalid_token' ? (
        <p>
          <Link to={staticPaths.recovery} className={buttonClass('link')}>
            {t('recovery.newLink')}
          </Link>
        </p>
      ) : null}
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="secret" value={secret} />
      <NewPasswordField id="recovery-password" label={t('fields.newPassword')} error={errorFor('password')} />
      <Field id="recovery-confirm" name="confirm" type="password" label={t('fields.confirmPassword')} autoComplete="new-password" required maxLength={PASSWORD_MAX} error={errorFor('confirm')} />
      <SubmitButton intent="reset" className="w-full" pendingLabel={t('saving')}>
        {t('recovery.resetSubmit')}
      </SubmitButton>
    </Form>
  );
}
