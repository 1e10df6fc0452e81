import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { Notice, ProblemAlert } from '../../../components/account/alerts';
import { SubmitButton } from '../../../components/account/buttons';
import { LocalTime } from '../../../components/account/local-time';
import { ConfirmDisclosure } from '../../../components/ui/confirm-disclosure';
import { controlBorder } from '../../../components/ui/labelled-control';
import { cn } from '../../../lib/cn';
import { Badge } from '../../profile/section';
import { useTeamProblem } from './team-problem';
import { TEAM_ROLES, type TeamMember, type TeamResult } from './types';

type MemberResult = Extract<TeamResult, { intent: 'role' | 'remove' }>;

/** The members and open invitations; owners get a role picker and remove for each. */
export function MemberList({ members, isOwner, result }: { members: TeamMember[]; isOwner: boolean; result: MemberResult | undefined }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {members.map((member) => (
        <MemberRow key={member.membershipId} member={member} isOwner={isOwner} result={result?.membershipId === member.membershipId ? result : undefined} />
      ))}
    </ul>
  );
}

function MemberRow({ member, isOwner, result }: { member: TeamMember; isOwner: boolean; result: MemberResult | undefined }) {
  const { t } = useTranslation('team');
  const teamProblem = useTeamProblem();
  const who = member.name || member.email;
  const current = member.roles.includes('owner') ? 'owner' : 'editor';
  const roleId = `member-role-${member.membershipId}`;
  return (
    <li className="space-y-3 p-3 sm:p-4" data-testid="member">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="break-words">{who}</span>
            {member.isYou ? <Badge tone="neutral">{t('team.you')}</Badge> : null}
          </p>
          {member.name ? <p className="text-sm break-all text-slate-700 dark:text-slate-300">{member.email}</p> : null}
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {member.confirmed ? (
              <>
                {t('team.joined')} <LocalTime value={member.joined} />
              </>
            ) : (
              <>
                <Badge tone="warn">{t('team.pending')}</Badge> {t('team.invited')} <LocalTime value={member.invited} />
              </>
            )}
          </p>
        </div>
        <p className="flex flex-wrap items-center gap-1">
          <span className="sr-only">{t('team.roles')}:</span>
          {member.roles.map((role) => (
            <Badge key={role} tone={role === 'owner' ? 'good' : 'neutral'}>
              {t(`roles.${role}`, { defaultValue: role })}
            </Badge>
          ))}
        </p>
      </div>
      {result && 'problem' in result ? <ProblemAlert problem={teamProblem(result.problem)} /> : null}
      {result?.intent === 'role' && 'ok' in result ? <Notice>{t('team.saved.role')}</Notice> : null}
      {isOwner ? (
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="membershipId" value={member.membershipId} />
            <div>
              <label htmlFor={roleId} className="block text-sm font-semibold">
                {t('team.role')}
                <span className="sr-only"> {t('team.ofMember', { who })}</span>
              </label>
              <select
                id={roleId}
                name="role"
                defaultValue={current}
                key={`${current}-${result?.at ?? 0}`}
                className={cn('mt-1 block rounded-md border bg-white px-2 py-2 text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100', controlBorder(undefined))}
              >
                {TEAM_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </select>
            </div>
            <SubmitButton intent="role" variant="secondary" className="text-sm">
              {t('team.changeRole')}
              <span className="sr-only"> {t('team.ofMember', { who })}</span>
            </SubmitButton>
          </Form>
          <ConfirmDisclosure
            label={
              <>
                {member.confirmed ? t('team.remove') : t('team.withdraw')}
                <span className="sr-only"> {t('team.ofMember', { who })}</span>
              </>
            }
            question={<p>{member.confirmed ? t('team.removeQuestion', { who }) : t('team.withdrawQuestion', { who })}</p>}
          >
            <Form method="post" preventScrollReset>
              <input type="hidden" name="membershipId" value={member.membershipId} />
              <SubmitButton intent="remove" variant="danger" className="text-sm">
                {member.confirmed ? t('team.removeConfirm', { who }) : t('team.withdrawConfirm', { who })}
              </SubmitButton>
            </Form>
          </ConfirmDisclosure>
        </div>
      ) : null}
    </li>
  );
}
