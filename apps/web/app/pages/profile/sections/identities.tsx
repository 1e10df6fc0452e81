import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { SubmitButton } from '../../../components/account/buttons';
import { LocalTime } from '../../../components/account/local-time';
import { providerLabel } from '../../../lib/account/oauth';
import type { ProfileData } from '../types';
import { FormStatus, ProfileSection, useResultFor } from '../section';

/** Provider accounts (OAuth2) linked to this one; unlinking one leaves the account and its sessions. */
export function IdentitiesSection({ data }: { data: ProfileData }) {
  const { t } = useTranslation('profile');
  const result = useResultFor('identity-delete');
  return (
    <ProfileSection id="identities" title={t('identities.title')} description={<p>{t('identities.intro')}</p>}>
      <FormStatus result={result} />
      {data.identities.length ? (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {data.identities.map((identity) => (
            <li key={identity.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="identity">
              <Link2 aria-hidden="true" className="size-5 shrink-0 text-slate-600 dark:text-slate-400" />
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-semibold">{providerLabel(identity.provider)}</p>
                <p className="text-sm break-all text-slate-700 dark:text-slate-300">
                  {identity.providerEmail || t('identities.noEmail')} · {t('identities.linked')} <LocalTime value={identity.createdAt} />
                </p>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="identityId" value={identity.id} />
                <SubmitButton intent="identity-delete" variant="secondary" className="px-3 py-1.5 text-sm" aria-label={t('identities.unlinkOne', { provider: providerLabel(identity.provider) })}>
                  {t('identities.unlink')}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">{t('identities.none')}</p>
      )}
    </ProfileSection>
  );
}
