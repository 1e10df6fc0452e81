import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CandidatePhoto } from '../../components/candidates/candidate-photo';
import { StatusPill } from '../../components/candidates/status-badge';
import type { CandidateListText } from '../../components/candidates/use-candidate-list-text';
import { PartyLogo } from '../../components/parties/party-logo';
import { PartySwatch } from '../../components/parties/party-swatch';
import { safeColour } from '../../lib/colour-contrast';
import type { BallotCandidate } from './races';

/**
 * One line of the ballot paper: the ballot number in a box, the photo, the name (a link to the
 * candidate's page), the party with its colour and logo. The party colour edges the line, as on a
 * printed ballot.
 */
export function BallotCandidateRow({ candidate, projectId, text }: { candidate: BallotCandidate; projectId: string; text: CandidateListText }) {
  const { t } = useTranslation(['my-ballot', 'parties']);
  const { party } = candidate;
  const colour = safeColour(party?.colour ?? null);
  return (
    <li className="flex items-center gap-3 border-s-4 border-slate-300 p-3 break-inside-avoid sm:gap-4 sm:p-4 dark:border-slate-600" style={colour ? { borderInlineStartColor: colour } : undefined}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md border-2 border-slate-800 text-lg font-bold tabular-nums dark:border-slate-300">
        <span aria-hidden="true">{candidate.ballotNumber ?? '–'}</span>
        <span className="sr-only">{candidate.ballotNumber !== null ? t('ballot.ballotNumber', { number: candidate.ballotNumber }) : t('ballot.noBallotNumber')}</span>
      </span>
      <CandidatePhoto projectId={projectId} name={candidate.name} photoFileId={candidate.photoFileId} colour={party?.colour} alt={text.photoAlt(candidate.name)} variant="row" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
          <Link to={candidate.href} className="break-words font-semibold text-green-800 underline-offset-2 hover:underline dark:text-green-400">
            {candidate.name}
          </Link>
          {candidate.status !== 'nominated' ? <StatusPill status={candidate.status} label={text.status(candidate.status)} /> : null}
        </div>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
          {party ? (
            <>
              <PartySwatch colour={party.colour} />
              <span className="break-words">{party.name}</span>
            </>
          ) : (
            text.independent()
          )}
        </p>
      </div>
      {party ? (
        <span className="hidden sm:block">
          <PartyLogo projectId={projectId} name={party.name} abbreviation={party.abbreviation} colour={party.colour} logoFileId={candidate.partyLogoFileId} alt={t('parties:logo.alt', { name: party.name })} />
        </span>
      ) : null}
    </li>
  );
}
