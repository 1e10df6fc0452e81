import { ChartBarBig } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OfficeGroup } from '../../lib/directory/candidate-rows';
import { CandidateList } from './candidate-list';

export interface GroupLink {
  to: string;
  label: string;
}

/** A page of candidates grouped under office headings; a group may continue on the next page. */
export function OfficeGroups({ groups, linkFor, resultsFor, showPlace = () => true, showParty = true, headingLevel: Heading = 'h2' }: {
  groups: OfficeGroup[];
  /** The group's race results (lib/results/race-path.ts), when the group is one race worth showing them for. */
  resultsFor?: (group: OfficeGroup) => GroupLink | null;
  showParty?: boolean;
  headingLevel?: 'h2' | 'h3';
  linkFor?: (group: OfficeGroup) => GroupLink | null;
  /** Whether rows name their place (pointless when every row stands in the same one). */
  showPlace?: (group: OfficeGroup) => boolean;
}) {
  const { t } = useTranslation('candidates');
  if (groups.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('list.empty')}</p>;
  }
  return (
    <div className="space-y-8">
      {groups.map((group) => {
        const link = linkFor?.(group);
        const results = resultsFor?.(group);
        const headingId = `office-${group.office.slug}`;
        return (
          <section key={group.office.slug} aria-labelledby={headingId}>
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <Heading id={headingId} className={Heading === 'h2' ? 'text-xl font-semibold' : 'text-lg font-semibold'}>
                {group.office.name} <span className="text-base font-normal text-slate-600 dark:text-slate-400">({t('list.count', { count: group.total })})</span>
              </Heading>
              {link ? (
                <Link to={link.to} className="text-sm font-medium text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400">
                  {link.label}
                </Link>
              ) : null}
              {results ? (
                <Link to={results.to} className="inline-flex items-center gap-1 text-sm font-medium text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400">
                  <ChartBarBig aria-hidden="true" className="size-4" />
                  {results.label}
                </Link>
              ) : null}
            </div>
            <CandidateList rows={group.rows} showOffice={false} showPlace={showPlace(group)} showParty={showParty} />
          </section>
        );
      })}
    </div>
  );
}
