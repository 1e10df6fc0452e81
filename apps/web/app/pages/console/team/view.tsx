import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/account/alerts';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { PageHeader } from '../../../components/ui/page-header';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import type { TeamPageData, TeamResult } from './types';

/** `editors`: who is in it, who is invited; owners invite, change roles and remove, the others read. */
export function TeamPage({ data, result }: { data: TeamPageData; result: TeamResult | undefined }) {
  const { t } = useTranslation('team');
  const members = data.members.filter((member) => member.confirmed).length;
  const pending = data.members.length - members;
  const removed = result?.intent === 'remove' && 'ok' in result ? result : undefined;
  return (
    <ConsoleLayout active="team">
      <PageHeader title={t('team.title')} description={<p>{t('team.intro')}</p>} />
      <div className="space-y-6">
        {data.isOwner ? <InviteForm data={data} result={result?.intent === 'invite' ? result : undefined} /> : <Notice tone="info">{t('team.readOnly')}</Notice>}
        <section aria-labelledby="members-title" className="space-y-3">
          <h2 id="members-title" className="text-xl font-semibold">
            {t('team.members')}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('team.count', { count: members })}
            {pending ? ` · ${t('team.pendingCount', { count: pending })}` : ''}
          </p>
          {removed ? <Notice>{t('team.saved.remove')}</Notice> : null}
          <MemberList members={data.members} isOwner={data.isOwner} result={result && result.intent !== 'invite' ? result : undefined} />
        </section>
      </div>
    </ConsoleLayout>
  );
}
