import { siteEnv } from '../../lib/env.server';
import { isExportKind, MAX_TEXT_LENGTH, MAX_TITLE_LENGTH, type ExportFormProblem, type ExportFormValues } from './export-choice';

/** The languages an export can be made in: the site's, as far as the export function has its strings. */
export function exportLanguages(): string[] {
  return siteEnv().languages.filter((language) => ['en', 'fr', 'sw'].includes(language));
}

const text = (value: FormDataEntryValue | string | null | undefined) => (typeof value === 'string' ? value : '');

/** The form's values from a submitted form or the page's query string; anything unknown falls back to the defaults. */
export function readExportValues(source: { get(name: string): FormDataEntryValue | string | null }, visitorLanguage: string): ExportFormValues {
  const kind = text(source.get('kind'));
  const language = text(source.get('language'));
  const languages = exportLanguages();
  return {
    kind: isExportKind(kind) ? kind : 'area',
    name: text(source.get('name')).slice(0, 256),
    id: text(source.get('id')).slice(0, 36),
    text: text(source.get('text')),
    title: text(source.get('title')).trim(),
    language: languages.includes(language) ? language : languages.includes(visitorLanguage) ? visitorLanguage : (languages[0] ?? 'en'),
  };
}

/** What is wrong with pasted text before anything is sent. */
export function textProblem(values: ExportFormValues): ExportFormProblem | undefined {
  if (values.kind !== 'text') return undefined;
  if (values.text.trim() === '') return 'textMissing';
  if (values.text.length > MAX_TEXT_LENGTH || values.title.length > MAX_TITLE_LENGTH) return 'textTooLong';
  return undefined;
}
