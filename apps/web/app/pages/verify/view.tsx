import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { Notice, ProblemAlert } from '../../components/account/alerts';
import { AuthPage } from '../../components/account/auth-page';
import { buttonClass, SubmitButton } from '../../components/account/buttons';
import { withNext } from '../../lib/account/next-path';
import { staticPaths } from '../../lib/urls';
import type { VerifyData, VerifyResult } from './types';

export function VerifyPage({ data, result }: { data: VerifyData; result: VerifyResult | undefined }) {
  const { t } = useTranslation('account');
  const { account, outcome } = data;
  const continueLink = (
    <Link to={data.next} className={buttonClass('primary')}>
      {t('verify.continue')}
    </Link>
  );
  return (
    <AuthPage title={t('verify.title')} intro={<p>{t('verify.intro')}</p>}>
      <div className="space-y-4">
        {outcome?.verified ? (
          <Notice title={t('verify.done.title')}>
            <p>{t('verify.done.body')}</p>
          </Notice>
        ) : null}
        {outcome && !outcome.verified ? <ProblemAlert problem={outcome.problem} focus={false} /> : null}
        {account.status === 'signedIn' ? (
          account.verified ? (
            <>
              {outcome?.verified ? null : <Notice title={t('verify.already.title')}><p>{t('verify.already.body', { email: account.email })}</p></Notice>}
              <p>{continueLink}</p>
            </>
          ) : (
            <>
              {data.justSent && !result ? (
                <Notice title={t('verify.sent.title')}>
                  <p>{t('verify.sent.body', { email: account.email })}</p>
                </Notice>
              ) : null}
              {result && 'sent' in result ? (
                <Notice title={t('verify.sent.title')}>
                  <p>{t('verify.sent.body', { email: account.email })}</p>
                </Notice>
              ) : null}
              {result && 'problem' in result ? <ProblemAlert problem={result.problem} /> : null}
              {data.justSent || result ? null : <p>{t('verify.pending', { email: account.email })}</p>}
              <Form method="post" className="flex flex-wrap items-center gap-3">
                <SubmitButton intent="resend" variant="secondary" pendingLabel={t('sending')}>
                  {t('verify.resend')}
                </SubmitButton>
                {continueLink}
              </Form>
            </>
          )
        ) : (
          <>
            {outcome ? null : <p>{t('verify.signedOut')}</p>}
            <p>
              <Link to={withNext(staticPaths.signin, withNext(staticPaths.verify, data.next))} className={buttonClass(outcome?.verified ? 'primary' : 'secondary')}>
                {t('signIn')}
              </Link>
            </p>
          </>
        )}
      </div>
    </AuthPage>
  );
}
