import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { paragraphsOf, type SendUpdateBody, type UpdateWords } from './update-form';

function MailPreview({ words, language }: { words: UpdateWords; language?: string }) {
  return (
    <article lang={language} className="space-y-2 rounded-md border border-slate-300 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950">
      <h3 className="font-semibold break-words">{words.subject}</h3>
      {paragraphsOf(words.content).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line break-words">
          {paragraph}
        </p>
      ))}
    </article>
  );
}

/** The update as subscribers will read it, in each language it has. */
export function UpdatePreview({ body, topicName }: { body: SendUpdateBody; topicName: string }) {
  const { t } = useTranslation('console');
  return (
    <section aria-labelledby="update-preview" className="space-y-3 rounded-lg border border-green-700 bg-white p-4 shadow-sm dark:border-green-500 dark:bg-slate-900">
      <h2 id="update-preview" className="flex items-center gap-2 text-lg font-semibold">
        <Eye aria-hidden="true" className="size-5 text-green-800 dark:text-green-400" />
        {t('updates.previewTitle')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('updates.previewTo', { topic: topicName })}</p>
      <MailPreview words={body} />
      {Object.entries(body.translations ?? {}).map(([language, words]) => (
        <div key={language} className="space-y-1">
          <p className="text-sm font-semibold">{LANGUAGE_NAMES[language] ?? language}</p>
          <MailPreview words={words} language={language} />
        </div>
      ))}
    </section>
  );
}
