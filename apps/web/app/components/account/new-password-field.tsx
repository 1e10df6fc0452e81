import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/account/form-values';
import { Field } from './field';

/** The new-password input of sign-up, reset and profile: the 8–256 rule shown and enforced. */
export function NewPasswordField({ id, label, error }: { id: string; label: string; error: string | undefined }) {
  const { t } = useTranslation('account');
  return (
    <Field
      id={id}
      name="password"
      type="password"
      label={label}
      hint={t('passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      maxLength={PASSWORD_MAX}
      error={error}
    />
  );
}
