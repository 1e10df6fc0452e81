import { useTranslation } from 'react-i18next';
import { controlBorder, LabelledControl } from '../../../components/ui/labelled-control';
import { cn } from '../../../lib/cn';
import type { UpdatesResult } from './types';
import { CONTENT_MAX, contentField, SUBJECT_MAX, subjectField } from './update-form';

const controlClass = 'mt-1 block w-full min-w-0 rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-950 dark:text-slate-100';

/** The message for a refused field, in the console's words. */
export function useUpdateError(result: UpdatesResult | undefined) {
  const { t } = useTranslation('console');
  return (name: string) => {
    const error = result?.errors?.[name];
    return error ? t(`updates.errors.${error}`, { subject: SUBJECT_MAX, content: CONTENT_MAX }) : undefined;
  };
}

/** A subject and a text: the update itself, or its version in `language`. */
export function UpdateWordsFields({ language, result, required }: { language?: string; result: UpdatesResult | undefined; required: boolean }) {
  const { t } = useTranslation('console');
  const { t: ta } = useTranslation('account');
  const errorOf = useUpdateError(result);
  const [subject, content] = [subjectField(language), contentField(language)];
  const idOf = (name: string) => `update-${name}`;
  return (
    <div className="space-y-4">
      <LabelledControl id={idOf(subject)} label={t('updates.subject')} error={errorOf(subject)} errorPrefix={ta('errors.prefix')}>
        {(aria) => <input id={idOf(subject)} name={subject} lang={language} required={required} maxLength={SUBJECT_MAX} defaultValue={result?.values[subject]} {...aria} className={cn(controlClass, controlBorder(errorOf(subject)))} />}
      </LabelledControl>
      <LabelledControl id={idOf(content)} label={t('updates.content')} hint={t('updates.contentHint')} error={errorOf(content)} errorPrefix={ta('errors.prefix')}>
        {(aria) => <textarea id={idOf(content)} name={content} lang={language} rows={8} required={required} maxLength={CONTENT_MAX} defaultValue={result?.values[content]} {...aria} className={cn(controlClass, controlBorder(errorOf(content)))} />}
      </LabelledControl>
    </div>
  );
}
