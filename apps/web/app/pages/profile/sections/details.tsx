import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { useProblemText } from '../../../components/account/alerts';
import { SubmitButton } from '../../../components/account/buttons';
import { Field } from '../../../components/account/field';
import { NAME_MAX, PASSWORD_MAX } from '../../../lib/account/form-values';
import type { ProfileData, ProfileResult } from '../types';
import { Badge, FormStatus, Part, ProfileSection, useResultFor } from '../section';

/** The message for `field` when the answer's problem is about it. */
function useFieldError(result: ProfileResult | undefined) {
  const text = useProblemText();
  return (field: string) => (result?.problem && result.field === field ? text(result.problem) : undefined);
}

/** The password that confirms an e-mail or phone change; accounts without one choose it here. */
function ConfirmPassword({ id, hasPassword, error }: { id: string; hasPassword: boolean; error: string | undefined }) {
  const { t } = useTranslation('profile');
  return (
    <Field
      id={id}
      name="password"
      type="password"
      label={hasPassword ? t('details.confirmPassword') : t('details.choosePassword')}
      hint={hasPassword ? undefined : t('details.choosePasswordHint')}
      autoComplete={hasPassword ? 'current-password' : 'new-password'}
      required
      maxLength={PASSWORD_MAX}
      error={error}
    />
  );
}

export function DetailsSection({ data }: { data: ProfileData }) {
  const { t } = useTranslation('profile');
  const { user } = data;
  const nameResult = useResultFor('name');
  const emailResult = useResultFor('email', 'email-verify');
  const phoneResult = useResultFor('phone', 'phone-verify-send', 'phone-verify');
  const nameError = useFieldError(nameResult);
  const emailError = useFieldError(emailResult);
  const phoneError = useFieldError(phoneResult);
  const phoneCodeSent = phoneResult?.intent === 'phone-verify-send' ? phoneResult.ok : phoneResult?.intent === 'phone-verify' && !phoneResult.ok;

  return (
    <ProfileSection id="details" title={t('details.title')} description={<p>{t('details.intro')}</p>}>
      <Part title={t('details.name')}>
        <Form method="post" preventScrollReset key={`name-${nameResult?.at ?? 0}`} className="space-y-3">
          <FormStatus result={nameResult} />
          <Field id="profile-name" name="name" label={t('details.nameLabel')} autoComplete="name" maxLength={NAME_MAX} defaultValue={nameResult?.problem ? nameResult.values?.['name'] : user.name} error={nameError('name')} />
          <SubmitButton intent="name" pendingLabel={t('saving')}>
            {t('details.saveName')}
          </SubmitButton>
        </Form>
      </Part>

      <Part title={t('details.email')} aside={<Badge tone={user.emailVerified ? 'good' : 'warn'}>{user.emailVerified ? t('verified') : t('unverified')}</Badge>}>
        <FormStatus result={emailResult} />
        {user.email && !user.emailVerified ? (
          <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('details.emailUnverified', { email: user.email })}</p>
            <SubmitButton intent="email-verify" variant="secondary" pendingLabel={t('sending')}>
              {t('details.sendVerification')}
            </SubmitButton>
          </Form>
        ) : null}
        <Form method="post" preventScrollReset key={`email-${emailResult?.at ?? 0}`} className="space-y-3">
          <Field
            id="profile-email"
            name="email"
            type="email"
            label={t('details.emailLabel')}
            autoComplete="email"
            spellCheck={false}
            required
            defaultValue={emailResult?.problem ? emailResult.values?.['email'] : user.email}
            error={emailError('email')}
          />
          <ConfirmPassword id="profile-email-password" hasPassword={user.hasPassword} error={emailError('password')} />
          <SubmitButton intent="email" pendingLabel={t('saving')}>
            {t('details.saveEmail')}
          </SubmitButton>
        </Form>
      </Part>

      <Part title={t('details.phone')} aside={user.phone ? <Badge tone={user.phoneVerified ? 'good' : 'warn'}>{user.phoneVerified ? t('verified') : t('unverified')}</Badge> : undefined}>
        <FormStatus result={phoneResult} />
        {user.phone && !user.phoneVerified ? (
          phoneCodeSent ? (
            <Form method="post" preventScrollReset className="space-y-3">
              <Field
                id="profile-phone-code"
                name="code"
                label={t('details.phoneCode')}
                hint={t('details.phoneCodeHint', { phone: user.phone })}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                maxLength={9}
                className="max-w-xs"
                error={phoneError('code')}
              />
              <div className="flex flex-wrap gap-3">
                <SubmitButton intent="phone-verify" pendingLabel={t('checking')}>
                  {t('details.confirmPhone')}
                </SubmitButton>
                <SubmitButton intent="phone-verify-send" variant="secondary" formNoValidate pendingLabel={t('sending')}>
                  {t('details.resendPhoneCode')}
                </SubmitButton>
              </div>
            </Form>
          ) : (
            <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-slate-700 dark:text-slate-300">{t('details.phoneUnverified', { phone: user.phone })}</p>
              <SubmitButton intent="phone-verify-send" variant="secondary" pendingLabel={t('sending')}>
                {t('details.sendPhoneCode')}
              </SubmitButton>
            </Form>
          )
        ) : null}
        <Form method="post" preventScrollReset key={`phone-${phoneResult?.at ?? 0}`} className="space-y-3">
          <Field
            id="profile-phone"
            name="phone"
            type="tel"
            label={t('details.phoneLabel')}
            hint={t('details.phoneHint')}
            autoComplete="tel"
            required
            defaultValue={phoneResult?.problem ? phoneResult.values?.['phone'] : user.phone}
            error={phoneError('phone')}
          />
          <ConfirmPassword id="profile-phone-password" hasPassword={user.hasPassword} error={phoneError('password')} />
          <SubmitButton intent="phone" pendingLabel={t('saving')}>
            {t('details.savePhone')}
          </SubmitButton>
        </Form>
      </Part>
    </ProfileSection>
  );
}
