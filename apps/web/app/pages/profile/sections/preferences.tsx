import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { SubmitButton } from '../../../components/account/buttons';
import { COLOUR_MODES, rememberColourMode } from '../../../lib/colour-mode';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import type { ProfileData } from '../types';
import { FormStatus, ProfileSection, useResultFor } from '../section';

export function PreferencesSection({ data }: { data: ProfileData }) {
  const { t, i18n } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const result = useResultFor('prefs');

  // Saved on the account, and applied in this browser straight away.
  useEffect(() => {
    if (!result?.ok || !result.colourMode) return;
    rememberColourMode(result.colourMode);
  }, [result]);

  const language = data.prefs.language ?? i18n.language;
  const colourMode = result?.colourMode ?? data.prefs.colourMode ?? 'system';
  return (
    <ProfileSection id="preferences" title={t('preferences.title')} description={<p>{t('preferences.intro')}</p>}>
      <Form method="post" preventScrollReset key={`prefs-${result?.at ?? 0}`} className="space-y-4">
        <FormStatus result={result} />
        <div>
          <label htmlFor="profile-language" className="block font-semibold">
            {t('preferences.language')}
          </label>
          <select
            id="profile-language"
            name="language"
            defaultValue={language}
            className="mt-1 block w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100"
          >
            {data.languages.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code] ?? code}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="font-semibold">{t('preferences.colourMode')}</legend>
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
            {COLOUR_MODES.map((mode) => (
              <label key={mode} className="inline-flex items-center gap-2">
                <input type="radio" name="colourMode" value={mode} defaultChecked={colourMode === mode} className="size-4 accent-green-700" />
                {tc(`colourMode.${mode}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton intent="prefs" pendingLabel={t('saving')}>
          {t('preferences.save')}
        </SubmitButton>
      </Form>
    </ProfileSection>
  );
}
