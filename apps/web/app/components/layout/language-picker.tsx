import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { isSupportedLanguage, LANGUAGE_NAMES } from '../../lib/i18n';

/** Works without JavaScript (a POST that sets the cookie); with it, it submits on change. */
export function LanguagePicker() {
  const { t } = useTranslation('common');
  const { language, languages } = useRootData();
  const location = useLocation();
  // The header renders a picker for wide screens and one in the phone menu.
  const selectId = `language-picker-${useId()}`;
  return (
    <form method="post" action="/set-language" className="flex items-center gap-1">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={selectId} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={selectId}
        name="lang"
        defaultValue={language}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
        onChange={(event) => {
          if (isSupportedLanguage(event.currentTarget.value, languages)) event.currentTarget.form?.requestSubmit();
        }}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code] ?? code}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 text-sm">
          {t('language.apply')}
        </button>
      </noscript>
    </form>
  );
}
