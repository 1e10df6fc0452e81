import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { candidatePath } from '../../lib/urls';
import type { RegionCandidate } from './loader.server';

/** Region-level candidates: name, office, party (with its colour) and ballot status. */
export function RegionCandidateList({ candidates, regionSlug }: { candidates: RegionCandidate[]; regionSlug: string }) {
  const { t } = useTranslation('areas');
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {candidates.map((candidate) => (
        <li key={candidate.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
          <span aria-hidden={candidate.ballotNumber === null} className="w-8 shrink-0 text-center font-mono text-sm text-slate-600 dark:text-slate-400">
            {candidate.ballotNumber !== null ? (
              <>
                <span className="sr-only">{t('region.ballotNumber')} </span>
                {candidate.ballotNumber}
              </>
            ) : null}
          </span>
          <div className="min-w-0 flex-1 basis-48">
            <Link to={candidatePath(candidate.id, regionSlug)} className="break-words font-semibold text-green-800 underline-offset-2 hover:underline dark:text-green-400">
              {candidate.name}
            </Link>
            <p className="text-sm text-slate-600 dark:text-slate-400">{candidate.office}</p>
          </div>
          <span className="flex min-w-0 items-center gap-2 text-sm">
            <span aria-hidden="true" className="size-3 shrink-0 rounded-full border border-slate-300 dark:border-slate-600" style={{ backgroundColor: candidate.party?.colour ?? 'transparent' }} />
            <span className="break-words">{candidate.party ? candidate.party.name : t('region.independent')}</span>
          </span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">{t(`status.${candidate.status}`)}</span>
        </li>
      ))}
    </ul>
  );
}
