import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { Notice, ProblemAlert } from '../../../components/account/alerts';
import { buttonClass, SubmitButton } from '../../../components/account/buttons';
import { LocalTime } from '../../../components/account/local-time';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { ConfirmDisclosure } from '../../../components/ui/confirm-disclosure';
import { Fact, FactList } from '../../../components/ui/fact-list';
import { PageHeader } from '../../../components/ui/page-header';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { useTeamProblem } from '../team/team-problem';
import { messagesHref } from './list-params';
import { StatusBadge } from './status-badge';
import type { MessageData, MessageResult, MessageStatus } from './types';

/** A reply in the editor's own mail program, to the sender, about the same subject. */
function replyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace('%40', '@')}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}

/** One contact message in full (as plain text), with its status buttons and, for owners, delete. */
export function MessagePage({ data, result }: { data: MessageData; result: MessageResult | undefined }) {
  const { t } = useTranslation('team');
  const teamProblem = useTeamProblem();
  const { message } = data;
  const problem = result && 'problem' in result ? result.problem : undefined;
  return (
    <ConsoleLayout active="messages">
      <PageHeader title={message.subject} crumbs={[{ label: t('messages.title'), to: messagesHref() }, { label: message.subject }]} />
      <div className="space-y-5">
        {problem ? <ProblemAlert problem={teamProblem(problem)} /> : null}
        {result && 'ok' in result ? <Notice>{t(`messages.saved.${result.status}`)}</Notice> : null}
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
          <FactList>
            <Fact term={t('messages.from')}>
              {message.name} · <span className="break-all">{message.email}</span>
            </Fact>
            <Fact term={t('messages.received')}>
              <LocalTime value={message.receivedAt} />
            </Fact>
            <Fact term={t('messages.language')}>{message.language ? (LANGUAGE_NAMES[message.language] ?? message.language) : t('messages.unknownLanguage')}</Fact>
            <Fact term={t('messages.statusLabel')}>
              <StatusBadge status={message.status} />
            </Fact>
          </FactList>
          <h2 className="sr-only">{t('messages.text')}</h2>
          {/* Plain text as the sender typed it: React escapes it, line breaks are kept. */}
          <div className="mt-4 border-t border-slate-200 pt-4 whitespace-pre-wrap break-words dark:border-slate-800" data-testid="message-text">
            {message.message}
          </div>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <a href={replyHref(message.email, message.subject)} className={buttonClass('primary')}>
            <Mail aria-hidden="true" className="size-4" />
            {t('messages.reply')}
          </a>
          {message.status !== 'answered' ? <StatusForm status="answered" label={t('messages.markAnswered')} /> : null}
          <StatusForm status="new" label={t('messages.markNew')} />
          {data.isOwner ? (
            <ConfirmDisclosure label={t('messages.delete')} question={<p>{t('messages.deleteQuestion', { name: message.name })}</p>}>
              <Form method="post">
                <SubmitButton intent="delete" variant="danger" pendingLabel={t('deleting')}>
                  {t('messages.deleteConfirm')}
                </SubmitButton>
              </Form>
            </ConfirmDisclosure>
          ) : null}
        </div>
      </div>
    </ConsoleLayout>
  );
}

function StatusForm({ status, label }: { status: MessageStatus; label: string }) {
  const { t } = useTranslation('team');
  return (
    <Form method="post">
      <SubmitButton intent={`mark-${status}`} variant="secondary" pendingLabel={t('saving')}>
        {label}
      </SubmitButton>
    </Form>
  );
}
