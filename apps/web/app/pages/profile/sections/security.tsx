import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { Notice, ProblemAlert, useProblemText } from '../../../components/account/alerts';
import { SubmitButton } from '../../../components/account/buttons';
import { ChallengeForm } from '../../../components/account/challenge-form';
import { Field } from '../../../components/account/field';
import type { ProfileData, ProfileResult } from '../types';
import { Badge, FormStatus, Part, ProfileSection, useResultFor } from '../section';

export function SecuritySection({ data }: { data: ProfileData }) {
  const { t } = useTranslation('profile');
  const mfaResult = useResultFor('mfa-on', 'mfa-off');
  const totpResult = useResultFor('totp-start', 'totp-confirm', 'totp-remove');
  const codesResult = useResultFor('codes-create', 'codes-regenerate');
  // Codes made as part of another step (enrolment, turning two-step sign-in on) are shown here.
  const anyResult = useResultFor('totp-confirm', 'mfa-on', 'codes-create', 'codes-regenerate');
  const freshCodes = anyResult?.recoveryCodes;
  const canTurnOn = data.factors.some((factor) => factor !== 'recoverycode');
  const { mfa } = data.user;

  return (
    <ProfileSection id="security" title={t('security.title')} description={<p>{t('security.intro')}</p>}>
      <Part title={t('security.mfa')} aside={<Badge tone={mfa ? 'good' : 'neutral'}>{mfa ? t('on') : t('off')}</Badge>}>
        <FormStatus result={mfaResult} />
        <p className="flex gap-2 text-sm text-slate-700 dark:text-slate-300">
          {mfa ? <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-green-700 dark:text-green-400" /> : <ShieldOff aria-hidden="true" className="size-5 shrink-0" />}
          {mfa ? t('security.mfaOn') : canTurnOn ? t('security.mfaOff') : t('security.mfaNeedsFactor')}
        </p>
        {mfa || canTurnOn ? (
          <Form method="post" preventScrollReset>
            <SubmitButton intent={mfa ? 'mfa-off' : 'mfa-on'} variant={mfa ? 'secondary' : 'primary'} pendingLabel={t('saving')}>
              {mfa ? t('security.turnOff') : t('security.turnOn')}
            </SubmitButton>
          </Form>
        ) : null}
      </Part>

      <Part title={t('security.app')} aside={<Badge tone={data.totpEnrolled ? 'good' : 'neutral'}>{data.totpEnrolled ? t('security.appReady') : t('security.appNone')}</Badge>}>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('security.appIntro')}</p>
        {data.totpEnrolled ? <AppEnrolled data={data} result={totpResult} /> : <AppEnrolment result={totpResult} />}
      </Part>

      <Part title={t('security.codes')}>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('security.codesIntro')}</p>
        {freshCodes ? <RecoveryCodes codes={freshCodes} /> : <FormStatus result={codesResult?.then ? undefined : codesResult} />}
        {codesResult?.then ? <Reconfirm data={data} result={codesResult} /> : null}
        <Form method="post" preventScrollReset>
          <SubmitButton intent={data.recoveryCodes ? 'codes-regenerate' : 'codes-create'} variant="secondary" pendingLabel={t('saving')}>
            {data.recoveryCodes ? t('security.codesRegenerate') : t('security.codesCreate')}
          </SubmitButton>
        </Form>
      </Part>
    </ProfileSection>
  );
}

function AppEnrolled({ data, result }: { data: ProfileData; result: ProfileResult | undefined }) {
  const { t } = useTranslation('profile');
  return (
    <>
      {result?.intent === 'totp-confirm' && result.ok ? <Notice>{t('saved.totp-confirm')}</Notice> : null}
      {result?.intent === 'totp-remove' && !result.then ? <FormStatus result={result} /> : null}
      {result?.then ? <Reconfirm data={data} result={result} /> : null}
      <Form method="post" preventScrollReset>
        <SubmitButton intent="totp-remove" variant="secondary" pendingLabel={t('saving')}>
          {t('security.appRemove')}
        </SubmitButton>
      </Form>
    </>
  );
}

/** Set up: the QR code (and the secret, for typing), then the app's first code. */
function AppEnrolment({ result }: { result: ProfileResult | undefined }) {
  const { t } = useTranslation('profile');
  const { t: ta } = useTranslation('account');
  const text = useProblemText();
  const totp = result?.totp;
  if (!totp) {
    return (
      <Form method="post" preventScrollReset className="space-y-3">
        {result?.intent === 'totp-remove' ? <FormStatus result={result} /> : null}
        {result?.intent === 'totp-start' && result.problem ? <ProblemAlert problem={result.problem} /> : null}
        <SubmitButton intent="totp-start" pendingLabel={t('saving')}>
          {t('security.appSetUp')}
        </SubmitButton>
      </Form>
    );
  }
  const codeError = result?.problem && result.field === 'code' ? text(result.problem) : undefined;
  return (
    <div className="space-y-4">
      {result?.problem && result.field !== 'code' ? <ProblemAlert problem={result.problem} /> : null}
      <ol className="list-decimal space-y-4 pl-5">
        <li>
          <p>{t('security.scan')}</p>
          <svg
            viewBox={`0 0 ${totp.qr.size} ${totp.qr.size}`}
            role="img"
            aria-label={t('security.qrLabel')}
            shapeRendering="crispEdges"
            className="mt-2 size-48 rounded-md border border-slate-300 dark:border-slate-600"
            data-testid="totp-qr"
          >
            <rect width={totp.qr.size} height={totp.qr.size} fill="#ffffff" />
            <path d={totp.qr.path} fill="#000000" />
          </svg>
        </li>
        <li>
          <p>{t('security.typeSecret')}</p>
          <code id="totp-secret" className="mt-1 inline-block rounded bg-slate-100 px-2 py-1 font-mono text-sm tracking-wider break-all dark:bg-slate-800">
            {totp.secret.match(/.{1,4}/g)?.join(' ')}
          </code>
        </li>
        <li>
          <Form method="post" preventScrollReset key={`totp-${result.at}`} className="space-y-3">
            <input type="hidden" name="secret" value={totp.secret} />
            <input type="hidden" name="uri" value={totp.uri} />
            <Field
              id="profile-totp-code"
              name="code"
              label={t('security.appCode')}
              hint={ta('mfa.factor.totp.hint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={9}
              className="max-w-xs"
              error={codeError}
            />
            <SubmitButton intent="totp-confirm" pendingLabel={t('checking')}>
              {t('security.appConfirm')}
            </SubmitButton>
          </Form>
        </li>
      </ol>
    </div>
  );
}

/** Shown once: the visitor must keep them somewhere safe now. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('profile');
  return (
    <div role="status" className="rounded-md border-2 border-amber-500 bg-amber-50 p-4 dark:border-amber-400 dark:bg-amber-950/40">
      <p className="font-semibold">{t('security.codesShownOnce')}</p>
      <ul aria-label={t('security.codes')} className="mt-3 grid grid-cols-1 gap-2 font-mono text-base min-[360px]:grid-cols-2 sm:grid-cols-3" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center tracking-wider text-slate-900 dark:bg-slate-900 dark:text-slate-100">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Confirm it's you": a second factor before removing the app or replacing the codes. */
function Reconfirm({ data, result }: { data: ProfileData; result: ProfileResult }) {
  const { t } = useTranslation('profile');
  if (!result.then) return null;
  return (
    <div className="space-y-3 rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <p className="font-semibold">{t('security.reconfirm')}</p>
      {result.problem && !result.challenge ? <ProblemAlert problem={result.problem} /> : null}
      <ChallengeForm
        factors={data.factors}
        open={result.challenge?.factor ?? data.factors[0] ?? null}
        state={result.challenge}
        intents={{ send: 'reauth-send', verify: 'reauth-verify' }}
        hidden={{ then: result.then }}
      />
    </div>
  );
}
