import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { useProblemText } from '../../../components/account/alerts';
import { SubmitButton } from '../../../components/account/buttons';
import { NewPasswordField } from '../../../components/account/new-password-field';
import { Field } from '../../../components/account/field';
import { PASSWORD_MAX } from '../../../lib/account/form-values';
import type { ProfileData } from '../types';
import { FormStatus, ProfileSection, useResultFor } from '../section';

export function PasswordSection({ data }: { data: ProfileData }) {
  const { t } = useTranslation('profile');
  const { t: ta } = useTranslation('account');
  const text = useProblemText();
  const result = useResultFor('password');
  const errorFor = (field: string) => (result?.problem && result.field === field ? text(result.problem) : undefined);
  return (
    <ProfileSection id="password" title={t('password.title')} description={<p>{data.user.hasPassword ? t('password.intro') : t('password.introNone')}</p>}>
      <Form method="post" preventScrollReset key={`password-${result?.at ?? 0}`} className="space-y-3">
        <FormStatus result={result} />
        {data.user.hasPassword ? (
          <Field id="profile-old-password" name="oldPassword" type="password" label={ta('fields.currentPassword')} autoComplete="current-password" required maxLength={PASSWORD_MAX} error={errorFor('oldPassword')} />
        ) : null}
        <NewPasswordField id="profile-new-password" label={ta('fields.newPassword')} error={errorFor('password')} />
        <Field id="profile-confirm-password" name="confirm" type="password" label={ta('fields.confirmPassword')} autoComplete="new-password" required maxLength={PASSWORD_MAX} error={errorFor('confirm')} />
        <SubmitButton intent="password" pendingLabel={t('saving')}>
          {t('password.save')}
        </SubmitButton>
      </Form>
    </ProfileSection>
  );
}
