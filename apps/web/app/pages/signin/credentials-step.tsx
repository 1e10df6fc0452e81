import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { AuthPage, Divider } from '../../components/account/auth-page';
import { Notice, ProblemAlert } from '../../components/account/alerts';
import { buttonClass, SubmitButton } from '../../components/account/buttons';
import { Field } from '../../components/account/field';
import { withNext } from '../../lib/account/next-path';
import { PASSWORD_MAX } from '../../lib/account/form-values';
import { staticPaths } from '../../lib/urls';
import type { SigninData, SigninResult } from './types';
import { SigninNoticeBox } from './notice';

type CredentialsData = Extract<SigninData, { step: 'credentials' }>;

/** E-mail and password; or a link or a code by e-mail; or an OAuth2 provider. */
export function CredentialsStep({ data, result }: { data: CredentialsData; result: SigninResult | undefined }) {
  const { t } = useTranslation('account');
  const email = result && 'email' in result ? result.email : data.email;
  const codeSent = result && (result.intent === 'code-send' || result.intent === 'code-verify') && 'sent' in result ? result : undefined;
  const magicSent = result?.intent === 'magic' && 'sent' in result;

  const footer = (
    <>
      <p>
        {t('signin.newHere')}{' '}
        <Link to={withNext(staticPaths.signup, data.next)} className={buttonClass('link')}>
          {t('signin.createAccount')}
        </Link>
      </p>
    </>
  );

  return (
    <AuthPage title={t('signin.title')} intro={<p>{t('signin.intro')}</p>} footer={footer}>
      <div className="space-y-4">
        {data.notice ? <SigninNoticeBox notice={data.notice} /> : null}
        {data.problem ? <ProblemAlert problem={data.problem} focus={false} /> : null}
        {magicSent ? (
          <MagicLinkSent email={email} next={data.next} />
        ) : codeSent ? (
          <CodeForm email={codeSent.email} userId={codeSent.userId} result={codeSent} next={data.next} />
        ) : (
          <PasswordForm email={email} result={result} />
        )}
      </div>
      {data.providers.length && !magicSent && !codeSent ? (
        <>
          <Divider label={t('signin.orProvider')} />
          <ul className="space-y-2">
            {data.providers.map((provider) => (
              <li key={provider.provider}>
                {/* A real link: the API redirects to the provider and back here, no script needed. */}
                <a href={provider.href} className={buttonClass('secondary', 'w-full')} data-provider={provider.provider}>
                  {t('signin.withProvider', { provider: provider.label })}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </AuthPage>
  );
}

function PasswordForm({ email, result }: { email: string; result: SigninResult | undefined }) {
  const { t } = useTranslation('account');
  const problem = result && result.intent !== 'code-verify' && 'problem' in result ? result.problem : undefined;
  return (
    <Form method="post" className="space-y-4">
      {problem ? <ProblemAlert problem={problem} /> : null}
      <Field id="signin-email" name="email" type="email" label={t('fields.email')} autoComplete="username" spellCheck={false} required defaultValue={email} />
      <div>
        <Field id="signin-password" name="password" type="password" label={t('fields.password')} autoComplete="current-password" required maxLength={PASSWORD_MAX} />
        <p className="mt-1 text-sm">
          <Link to={staticPaths.recovery} className={buttonClass('link', 'font-medium')}>
            {t('signin.forgot')}
          </Link>
        </p>
      </div>
      <SubmitButton intent="password" className="w-full" pendingLabel={t('signin.signingIn')}>
        {t('signin.submit')}
      </SubmitButton>
      <Divider label={t('signin.orPasswordless')} />
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('signin.passwordlessHint')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton intent="magic" variant="secondary" formNoValidate className="flex-1" pendingLabel={t('sending')}>
          {t('signin.magicLink')}
        </SubmitButton>
        <SubmitButton intent="code-send" variant="secondary" formNoValidate className="flex-1" pendingLabel={t('sending')}>
          {t('signin.emailCode')}
        </SubmitButton>
      </div>
    </Form>
  );
}

function MagicLinkSent({ email, next }: { email: string; next: string }) {
  const { t } = useTranslation('account');
  return (
    <>
      <Notice title={t('signin.magicSent.title')}>
        <p>{t('signin.magicSent.body', { email })}</p>
      </Notice>
      <p>
        <Link to={withNext(staticPaths.signin, next)} className={buttonClass('link')}>
          {t('signin.otherWay')}
        </Link>
      </p>
    </>
  );
}

function CodeForm({ email, userId, result, next }: { email: string; userId: string; result: SigninResult; next: string }) {
  const { t } = useTranslation('account');
  const problem = result.intent === 'code-verify' && 'problem' in result ? result.problem : undefined;
  return (
    <>
      {result.intent === 'code-send' ? (
        <Notice title={t('signin.codeSent.title')}>
          <p>{t('signin.codeSent.body', { email })}</p>
        </Notice>
      ) : null}
      <Form method="post" className="space-y-4">
        {problem ? <ProblemAlert problem={problem} /> : null}
        <input type="hidden" name="userId" value={userId} />
        <input type="hidden" name="email" value={email} />
        <Field
          id="signin-code"
          name="code"
          label={t('fields.code')}
          hint={t('signin.codeHint')}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\s*\d{3}\s?\d{3}\s*"
          maxLength={9}
          className="max-w-xs"
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="code-verify" pendingLabel={t('signin.signingIn')}>
            {t('signin.submit')}
          </SubmitButton>
          <SubmitButton intent="code-send" variant="secondary" formNoValidate pendingLabel={t('sending')}>
            {t('signin.codeResend')}
          </SubmitButton>
        </div>
      </Form>
      <p>
        <Link to={withNext(staticPaths.signin, next)} className={buttonClass('link')}>
          {t('signin.otherWay')}
        </Link>
      </p>
    </>
  );
}
