import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { pageMeta } from '../../lib/seo';
import type { PageMeta } from '../page-module';
import type { ContentData } from './loader.server';
import { contentPath } from './slugs';
import { dateTimeFormat } from '../../lib/intl';

export const meta: PageMeta<ContentData> = (data, context) =>
  pageMeta(
    { ...context, pathname: contentPath(data.slug) },
    { title: data.title, description: data.summary || context.t('content:metaDescription', { title: data.title, siteName: context.siteName }) },
  );

export function View({ data }: { data: ContentData }) {
  const { t, i18n } = useTranslation('content');
  const translated = data.language === data.requestedLanguage;
  const updated = dateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(data.updatedAt));
  return (
    <article lang={translated ? undefined : data.language} className="max-w-3xl">
      <PageHeader title={data.heading ?? data.title} />
      {translated ? null : (
        <p lang={i18n.language} className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          {t('notTranslated', { language: LANGUAGE_NAMES[data.language] ?? data.language })}
        </p>
      )}
      {/* Sanitised on the server (document.server.ts): only CommonMark's elements, only web, mail and relative links. */}
      <div dangerouslySetInnerHTML={{ __html: data.html }} />
      <p lang={i18n.language} className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        {t('updated', { date: updated })}
      </p>
    </article>
  );
}
