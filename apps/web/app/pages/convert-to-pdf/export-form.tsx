import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { controlBorder, LabelledControl } from '../../components/ui/labelled-control';
import { cn } from '../../lib/cn';
import { EXPORT_KINDS, isRecordKind, MAX_TEXT_LENGTH, MAX_TITLE_LENGTH, type ExportFormState } from './export-choice';

const control = (error?: string) => cn('mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-900 dark:text-slate-100', controlBorder(error));

/**
 * What to export and in which language. Without JavaScript every field is there; the name field
 * is for the directory kinds and the text fields for pasted text, and the server ignores the rest.
 */
export function ExportForm({ form, languages }: { form: ExportFormState; languages: string[] }) {
  const { t } = useTranslation('export');
  const busy = useNavigation().state === 'submitting';
  const { values, problem, matches } = form;
  const nameError = problem === 'nameMissing' || problem === 'notFound' ? t(`problems.${problem}`) : undefined;
  const textError = problem === 'textMissing' || problem === 'textTooLong' ? t(`problems.${problem}`, { max: MAX_TEXT_LENGTH }) : undefined;
  const formError = problem === 'rateLimited' || problem === 'unavailable' ? t(`problems.${problem}`) : undefined;
  return (
    <Form method="post" className="max-w-2xl space-y-6" noValidate>
      {formError ? (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200">
          {formError}
        </p>
      ) : null}
      <fieldset>
        <legend className="font-semibold">{t('kind.legend')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {EXPORT_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 dark:border-slate-600">
              <input type="radio" name="kind" value={kind} defaultChecked={values.kind === kind} className="h-4 w-4 accent-green-700" />
              {t(`kind.${kind}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {matches?.length ? (
        <fieldset>
          <legend className="font-semibold">{t('matches.legend', { name: values.name })}</legend>
          <div className="mt-2 space-y-1">
            {matches.map((match) => (
              <label key={match.id} className="flex items-center gap-2">
                <input type="radio" name="id" value={match.id} className="h-4 w-4 accent-green-700" />
                {match.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : values.id && isRecordKind(values.kind) ? (
        <input type="hidden" name="id" value={values.id} />
      ) : null}

      <LabelledControl id="export-name" label={t('name.label')} hint={t('name.hint')} error={nameError} errorPrefix={t('problems.prefix')}>
        {(aria) => <input {...aria} id="export-name" name="name" type="text" defaultValue={values.name} maxLength={256} autoComplete="off" className={control(nameError)} />}
      </LabelledControl>

      <details open={values.kind === 'text' || Boolean(textError)} className="rounded-md border border-slate-300 p-3 dark:border-slate-600">
        <summary className="cursor-pointer font-semibold">{t('text.summary')}</summary>
        <div className="mt-3 space-y-4">
          <LabelledControl id="export-title" label={t('text.titleLabel')} hint={t('text.titleHint', { max: MAX_TITLE_LENGTH })} errorPrefix={t('problems.prefix')}>
            {(aria) => <input {...aria} id="export-title" name="title" type="text" defaultValue={values.title} maxLength={MAX_TITLE_LENGTH} className={control()} />}
          </LabelledControl>
          <LabelledControl id="export-text" label={t('text.label')} hint={t('text.hint')} error={textError} errorPrefix={t('problems.prefix')}>
            {(aria) => <textarea {...aria} id="export-text" name="text" rows={8} defaultValue={values.text} className={control(textError)} />}
          </LabelledControl>
        </div>
      </details>

      <LabelledControl id="export-language" label={t('language.label')} hint={t('language.hint')} errorPrefix={t('problems.prefix')}>
        {(aria) => (
          <select {...aria} id="export-language" name="language" defaultValue={values.language} className={control()}>
            {languages.map((language) => (
              <option key={language} value={language}>
                {t(`language.names.${language}`)}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>

      <button type="submit" disabled={busy} className="rounded-md bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 disabled:opacity-70">
        {busy ? t('starting') : t('submit')}
      </button>
    </Form>
  );
}
