import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { ProblemAlert, useProblemText } from '../../components/account/alerts';
import { AuthPage } from '../../components/account/auth-page';
import { buttonClass, SubmitButton } from '../../components/account/buttons';
import { NewPasswordField } from '../../components/account/new-password-field';
import { Field } from '../../components/account/field';
import { NAME_MAX } from '../../lib/account/form-values';
import { withNext } from '../../lib/account/next-path';
import { staticPaths } from '../../lib/urls';
import type { SignupData, SignupResult } from './types';

export function SignupPage({ data, result }: { data: SignupData; result: SignupResult | undefined }) {
  const { t } = useTranslation('account');
  const text = useProblemText();
  const errorFor = (field: 'name' | 'email' | 'password') => (result?.field === field ? text(result.problem) : undefined);
  return (
    <AuthPage
      title={t('signup.title')}
      intro={<p>{t('signup.intro')}</p>}
      footer={
        <p>
          {t('signup.haveAccount')}{' '}
          <Link to={withNext(staticPaths.signin, data.next)} className={buttonClass('link')}>
            {t('signup.signIn')}
          </Link>
        </p>
      }
    >
      <Form method="post" className="space-y-4">
        {result && !result.field ? <ProblemAlert problem={result.problem} /> : null}
        {result?.field ? <ProblemAlert problem={{ type: 'form_summary', message: t('errors.form_summary') }} /> : null}
        <Field id="signup-name" name="name" label={t('fields.name')} hint={t('signup.nameHint')} autoComplete="name" maxLength={NAME_MAX} defaultValue={result?.values.name} error={errorFor('name')} />
        <Field id="signup-email" name="email" type="email" label={t('fields.email')} autoComplete="email" spellCheck={false} required defaultValue={result?.values.email} error={errorFor('email')} />
        <NewPasswordField id="signup-password" label={t('fields.password')} error={errorFor('password')} />
        <SubmitButton intent="signup" className="w-full" pendingLabel={t('signup.creating')}>
          {t('signup.submit')}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
