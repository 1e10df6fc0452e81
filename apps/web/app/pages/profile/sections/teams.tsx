import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { ProblemAlert } from '../../../components/account/alerts';
import { buttonClass, SubmitButton } from '../../../components/account/buttons';
import { LocalTime } from '../../../components/account/local-time';
import { ConfirmDisclosure } from '../../../components/ui/confirm-disclosure';
import type { Problem } from '../../../lib/account/problem';
import type { ProfileData, ProfileTeam } from '../types';
import { Badge, FormStatus, ProfileSection, useResultFor } from '../section';

const LAST_OWNER = 'membership_deletion_prohibited';

/** The teams the account belongs to, its roles in each, and a way to leave. */
export function TeamsSection({ data }: { data: ProfileData }) {
  const { t } = useTranslation('profile');
  const result = useResultFor('team-leave');
  return (
    <ProfileSection id="teams" title={t('teams.title')} description={<p>{t('teams.intro')}</p>}>
      {result?.ok ? <FormStatus result={result} /> : null}
      {data.teams.length ? (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {data.teams.map((team) => (
            <TeamRow key={team.id} team={team} problem={result?.problem && result.values?.['teamId'] === team.id ? result.problem : undefined} />
          ))}
        </ul>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">{t('teams.none')}</p>
      )}
    </ProfileSection>
  );
}

function TeamRow({ team, problem }: { team: ProfileTeam; problem: Problem | undefined }) {
  const { t } = useTranslation('profile');
  const roleName = (role: string) => t(`teams.role.${role}`, { defaultValue: role });
  return (
    <li className="flex flex-wrap items-start gap-3 p-3" data-testid="team">
      <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600 dark:text-slate-400" />
      <div className="min-w-0 flex-1 basis-48 space-y-2">
        <p className="font-semibold break-words">{team.name}</p>
        {problem ? <ProblemAlert problem={problem.type === LAST_OWNER ? { ...problem, message: t('teams.lastOwner') } : problem} /> : null}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          <dt className="font-medium">{t('teams.roles')}</dt>
          <dd className="flex flex-wrap gap-1">
            {team.roles.length ? team.roles.map((role) => <Badge key={role} tone={role === 'owner' ? 'good' : 'neutral'}>{roleName(role)}</Badge>) : t('teams.noRoles')}
          </dd>
          {team.joined ? (
            <>
              <dt className="font-medium">{t('teams.joined')}</dt>
              <dd>
                <LocalTime value={team.joined} />
              </dd>
            </>
          ) : null}
          <dt className="font-medium">{t('teams.members')}</dt>
          <dd>{team.total}</dd>
        </dl>
        <div className="flex flex-wrap items-start gap-3">
          {team.consolePath ? (
            <Link to={team.consolePath} className={buttonClass('secondary', 'text-sm')}>
              {t('teams.openConsole')}
            </Link>
          ) : null}
          {team.membershipId ? (
            <ConfirmDisclosure label={t('teams.leave')} question={<p>{t('teams.leaveQuestion', { team: team.name })}</p>}>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="teamId" value={team.id} />
                <input type="hidden" name="membershipId" value={team.membershipId} />
                <SubmitButton intent="team-leave" variant="danger" className="text-sm" pendingLabel={t('saving')}>
                  {t('teams.leaveConfirm', { team: team.name })}
                </SubmitButton>
              </Form>
            </ConfirmDisclosure>
          ) : null}
        </div>
      </div>
    </li>
  );
}
