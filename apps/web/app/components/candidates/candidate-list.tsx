import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CandidateRow } from '../../lib/directory/candidate-rows';
import { InitialsAvatar } from './initials-avatar';
import { PartyLabel } from './party-label';
import { StatusBadge } from './status-badge';
import { useCandidateFormat } from './use-candidate-format';

/** Any list of candidates: avatar, name, party, office, place, ballot number, status and result. */
export interface CandidateColumns {
  /** Leave out what every row of the list shares (the office of a group, the party of a party page). */
  showOffice?: boolean;
  showPlace?: boolean;
  showParty?: boolean;
}

export function CandidateList({ rows, showOffice = true, showPlace = true, showParty = true }: { rows: CandidateRow[] } & CandidateColumns) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {rows.map((row) => (
        <CandidateListItem key={row.id} row={row} showOffice={showOffice} showPlace={showPlace} showParty={showParty} />
      ))}
    </ul>
  );
}

function CandidateListItem({ row, showOffice, showPlace, showParty }: { row: CandidateRow } & Required<CandidateColumns>) {
  const { t } = useTranslation('candidates');
  const format = useCandidateFormat();
  const details = [showOffice ? row.office : null, showPlace ? row.place : null].filter((detail): detail is string => Boolean(detail));
  return (
    <li className="flex items-start gap-3 p-3 sm:p-4">
      <InitialsAvatar name={row.name} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <Link to={row.href} className="break-words font-semibold text-green-800 underline-offset-2 hover:underline dark:text-green-400">
            {row.name}
          </Link>
          <StatusBadge status={row.status} />
        </div>
        {showParty || details.length ? (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-slate-700 dark:text-slate-300">
            {showParty ? <PartyLabel party={row.party} /> : null}
            {details.map((detail, index) => (
              <span key={detail} className={showParty || index > 0 ? "before:mr-2 before:text-slate-400 before:content-['·']" : undefined}>
                {detail}
              </span>
            ))}
          </p>
        ) : null}
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-400">
          {row.ballotNumber !== null ? <span>{t('list.ballotNumber', { number: format.number(row.ballotNumber) })}</span> : null}
          {row.votes !== null ? (
            <span>
              {row.votePercent !== null
                ? t('list.votesWithPercent', { count: row.votes, votes: format.number(row.votes), percent: format.percent(row.votePercent) })
                : t('list.votes', { count: row.votes, votes: format.number(row.votes) })}
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
