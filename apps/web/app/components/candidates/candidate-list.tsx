import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { stretchedLink } from '../ui/link-card';
import type { CandidateRow } from '../../lib/directory/candidate-rows';
import { CompareToggle } from '../compare/compare-toggle';
import { useMediaProject } from '../media/use-media-project';
import { CandidatePhoto } from './candidate-photo';
import { PartyLabel } from './party-label';
import { StatusPill } from './status-badge';
import { useCandidateListText, type CandidateListText } from './use-candidate-list-text';

/** Any list of candidates: avatar, name, party, office, place, ballot number, status and result. */
export interface CandidateColumns {
  /** Leave out what every row of the list shares (the office of a group, the party of a party page). */
  showOffice?: boolean;
  showPlace?: boolean;
  showParty?: boolean;
}

/** A row, with the candidate's photo when the list's rows carry one (else their initials are shown). */
export type CandidateListRow = CandidateRow & { photoFileId?: string | null };

export function CandidateList({ rows, showOffice = true, showPlace = true, showParty = true }: { rows: CandidateListRow[] } & CandidateColumns) {
  const text = useCandidateListText();
  const projectId = useMediaProject();
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {rows.map((row) => (
        <CandidateListItem key={row.id} row={row} text={text} projectId={projectId} showOffice={showOffice} showPlace={showPlace} showParty={showParty} />
      ))}
    </ul>
  );
}

function CandidateListItem({ row, text, projectId, showOffice, showPlace, showParty }: { row: CandidateListRow; text: CandidateListText; projectId: string } & Required<CandidateColumns>) {
  const details = [showOffice ? row.office : null, showPlace ? row.place : null].filter((detail): detail is string => Boolean(detail));
  return (
    <li className="group relative flex items-start gap-3 p-3 hover:bg-slate-50 sm:p-4 dark:hover:bg-slate-800/60">
      <CandidatePhoto projectId={projectId} name={row.name} photoFileId={row.photoFileId} colour={row.party?.colour} alt={text.photoAlt(row.name)} variant="row" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <Link to={row.href} className={cn('break-words font-semibold text-green-800 underline-offset-2 group-hover:underline dark:text-green-400', stretchedLink)}>
            {row.name}
          </Link>
          <div className="flex items-center gap-2">
            <StatusPill status={row.status} label={text.status(row.status)} />
            <CompareToggle candidate={{ id: row.id, name: row.name }} size="sm" />
          </div>
        </div>
        {showParty || details.length ? (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-slate-700 dark:text-slate-300">
            {showParty ? <PartyLabel party={row.party} independentLabel={text.independent()} /> : null}
            {details.map((detail, index) => (
              <span key={detail} className={showParty || index > 0 ? "before:mr-2 before:text-slate-400 before:content-['·']" : undefined}>
                {detail}
              </span>
            ))}
          </p>
        ) : null}
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-400">
          {row.ballotNumber !== null ? <span>{text.ballotNumber(row.ballotNumber)}</span> : null}
          {row.votes !== null ? <span>{text.votes(row.votes, row.votePercent)}</span> : null}
        </p>
      </div>
    </li>
  );
}
