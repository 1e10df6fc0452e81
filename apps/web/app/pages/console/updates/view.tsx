import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { Notice, ProblemAlert } from '../../../components/account/alerts';
import { SubmitButton } from '../../../components/account/buttons';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { PageHeader } from '../../../components/ui/page-header';
import { controlBorder, LabelledControl } from '../../../components/ui/labelled-control';
import { cn } from '../../../lib/cn';
import { consolePaths } from '../../../lib/console/paths';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import type { TopicChoice } from '../../../lib/messaging/topic-choice';
import { UpdatePreview } from './preview';
import type { UpdatesData, UpdatesResult } from './types';
import { contentField, subjectField, TOPIC_FIELD } from './update-form';
import { UpdateWordsFields, useUpdateError } from './update-fields';

const panel = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900';

function useTopicName() {
  const { t } = useTranslation('console');
  return (topic: TopicChoice | undefined) => (!topic ? '' : topic.kind === 'updates' ? t('updates.directoryUpdates') : topic.name);
}

function TopicSelect({ topics, result }: { topics: TopicChoice[]; result: UpdatesResult | undefined }) {
  const { t } = useTranslation('console');
  const { t: ta } = useTranslation('account');
  const topicName = useTopicName();
  const error = useUpdateError(result)(TOPIC_FIELD);
  const groups = (['updates', 'election', 'region'] as const).map((kind) => ({ kind, topics: topics.filter((topic) => topic.kind === kind) })).filter((group) => group.topics.length > 0);
  return (
    <LabelledControl id="update-topic" label={t('updates.topic')} hint={t('updates.topicHint')} error={error} errorPrefix={ta('errors.prefix')}>
      {(aria) => (
        <select
          id="update-topic"
          name={TOPIC_FIELD}
          required
          defaultValue={result?.values[TOPIC_FIELD] ?? ''}
          {...aria}
          className={cn('mt-1 block w-full max-w-md min-w-0 rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-950 dark:text-slate-100', controlBorder(error))}
        >
          <option value="">{t('updates.chooseTopic')}</option>
          {groups.map((group) => (
            <optgroup key={group.kind} label={t(`updates.groups.${group.kind}`)}>
              {group.topics.map((topic) => (
                <option key={topic.id} value={topic.id}>
                  {topicName(topic)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </LabelledControl>
  );
}

/** "Send an update": a topic, the words (and their versions in the site's other languages), a preview, send. */
export function UpdatesPage({ data, result }: { data: UpdatesData; result: UpdatesResult | undefined }) {
  const { t } = useTranslation('console');
  const topicName = useTopicName();
  const sentTopic = data.sent ? data.topics.find((topic) => topic.id === data.sent!.topicId) : undefined;
  const previewTopic = result?.preview ? data.topics.find((topic) => topic.id === result.preview!.topicId) : undefined;
  return (
    <ConsoleLayout active="updates">
      <PageHeader title={t('updates.title')} description={t('updates.description')} crumbs={[{ label: t('nav.dashboard'), to: consolePaths.dashboard }, { label: t('updates.title') }]} />
      <div className="max-w-3xl space-y-6">
        {data.sent && !result ? (
          <Notice title={t('updates.sent', { topic: topicName(sentTopic) })}>
            <p>
              {t('updates.messageId')} <code className="break-all">{data.sent.messageId}</code>
            </p>
          </Notice>
        ) : null}
        {result?.preview ? <UpdatePreview body={result.preview} topicName={topicName(previewTopic)} /> : null}
        <Form method="post" action={consolePaths.updates} key={result ? JSON.stringify(result.values) : 'new'} className="space-y-6">
          {result?.problem ? <ProblemAlert problem={result.problem} /> : null}
          {result?.errors ? <ProblemAlert problem={{ type: 'form_summary', message: '' }} /> : null}
          <div className={cn(panel, 'space-y-4')}>
            <TopicSelect topics={data.topics} result={result} />
            <UpdateWordsFields result={result} required />
          </div>
          {data.languages.map((language) => {
            const filled = Boolean(result?.values[subjectField(language)] || result?.values[contentField(language)]);
            return (
              <details key={language} open={filled} className={cn(panel, 'group')}>
                <summary className="cursor-pointer font-semibold">{t('updates.version', { language: LANGUAGE_NAMES[language] ?? language })}</summary>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('updates.versionHint')}</p>
                <div className="mt-4">
                  <UpdateWordsFields language={language} result={result} required={false} />
                </div>
              </details>
            );
          })}
          <div className="flex flex-wrap gap-3">
            <SubmitButton intent="preview" variant="secondary" formNoValidate pendingLabel={t('updates.previewing')}>
              {t('updates.preview')}
            </SubmitButton>
            <SubmitButton intent="send" pendingLabel={t('updates.sending')}>
              <Send aria-hidden="true" className="size-4" />
              {t('updates.send')}
            </SubmitButton>
          </div>
        </Form>
      </div>
    </ConsoleLayout>
  );
}
