import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { useProblemText } from '../../../components/account/alerts';
import { SubmitButton } from '../../../components/account/buttons';
import { FormStatus, ProfileSection, useResultFor } from '../section';

/** Blocking is for good (only the site's operators can undo it), so a ticked box must say so. */
export function CloseAccountSection() {
  const { t } = useTranslation('profile');
  const result = useResultFor('block');
  const text = useProblemText();
  const confirmError = result?.problem && result.field === 'confirm' ? text(result.problem) : undefined;
  return (
    <ProfileSection id="block" tone="danger" title={t('block.title')} description={<p>{t('block.intro')}</p>}>
      <Form method="post" preventScrollReset className="space-y-3">
        <FormStatus result={result} />
        <div className={confirmError ? 'border-l-4 border-red-700 pl-3 dark:border-red-400' : undefined}>
          {confirmError ? (
            <p id="block-confirm-error" className="mb-1 text-sm font-semibold text-red-700 dark:text-red-400">
              {confirmError}
            </p>
          ) : null}
          <label className="flex items-start gap-2">
            <input type="checkbox" name="confirm" value="yes" required aria-describedby={confirmError ? 'block-confirm-error' : undefined} className="mt-1 size-4 shrink-0 accent-red-700" />
            <span>{t('block.confirm')}</span>
          </label>
        </div>
        <SubmitButton intent="block" variant="danger" pendingLabel={t('saving')}>
          {t('block.submit')}
        </SubmitButton>
      </Form>
    </ProfileSection>
  );
}
