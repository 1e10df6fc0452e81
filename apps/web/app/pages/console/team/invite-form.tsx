import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { Notice, ProblemAlert, useProblemText } from '../../../components/account/alerts';
import { SubmitButton } from '../../../components/account/buttons';
import { Field } from '../../../components/account/field';
import { controlBorder, LabelledControl } from '../../../components/ui/labelled-control';
import { NAME_MAX } from '../../../lib/account/form-values';
import { cn } from '../../../lib/cn';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { useTeamProblem } from './team-problem';
import { TEAM_ROLES, type TeamPageData, type TeamResult } from './types';

const selectClass = 'mt-1 block w-full min-w-0 rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-950 dark:text-slate-100';

/** Owners invite by e-mail, with a role and the language the mail is written in. */
export function InviteForm({ data, result }: { data: TeamPageData; result: Extract<TeamResult, { intent: 'invite' }> | undefined }) {
  const { t } = useTranslation('team');
  const { t: ta } = useTranslation('account');
  const text = useProblemText();
  const teamProblem = useTeamProblem();
  const failure = result && 'problem' in result ? result : undefined;
  const errorFor = (which: 'email' | 'name') => (failure?.field === which ? text(teamProblem(failure.problem)) : undefined);
  // A sent invitation empties the form for the next one; a refused one keeps what was typed.
  const values = failure?.values;
  return (
    <section aria-labelledby="invite-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="invite-title" className="flex items-center gap-2 text-xl font-semibold">
        <UserPlus aria-hidden="true" className="size-5 text-green-800 dark:text-green-400" />
        {t('team.invite.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('team.invite.intro')}</p>
      <Form method="post" key={`invite-${result?.at ?? 0}`} className="mt-4 space-y-4">
        {result && 'ok' in result ? <Notice>{t('team.invite.sent', { email: result.email })}</Notice> : null}
        {failure && !failure.field ? <ProblemAlert problem={teamProblem(failure.problem)} /> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <Field id="invite-email" name="email" type="email" label={ta('fields.email')} hint={t('team.invite.emailHint')} autoComplete="off" spellCheck={false} required maxLength={254} defaultValue={values?.email} error={errorFor('email')} />
          <Field id="invite-name" name="name" label={ta('fields.name')} hint={t('team.invite.nameHint')} autoComplete="off" maxLength={NAME_MAX} defaultValue={values?.name} error={errorFor('name')} />
          <LabelledControl id="invite-role" label={t('team.invite.role')} hint={t('team.invite.roleHint')} errorPrefix={ta('errors.prefix')}>
            {(aria) => (
              <select id="invite-role" name="role" defaultValue={values?.role || 'editor'} {...aria} className={cn(selectClass, controlBorder(undefined))}>
                {TEAM_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </select>
            )}
          </LabelledControl>
          <LabelledControl id="invite-language" label={t('team.invite.language')} hint={t('team.invite.languageHint')} errorPrefix={ta('errors.prefix')}>
            {(aria) => (
              <select id="invite-language" name="language" defaultValue={values?.language || data.language} {...aria} className={cn(selectClass, controlBorder(undefined))}>
                {data.languages.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {LANGUAGE_NAMES[language] ?? language}
                  </option>
                ))}
              </select>
            )}
          </LabelledControl>
        </div>
        <SubmitButton intent="invite" pendingLabel={t('team.invite.sending')}>
          {t('team.invite.submit')}
        </SubmitButton>
      </Form>
    </section>
  );
}
