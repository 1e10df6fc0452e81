import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CandidateLinkList, candidateLinks } from '../../components/candidates/candidate-links';
import { StatusBadge } from '../../components/candidates/status-badge';
import { useCandidateFormat } from '../../components/candidates/use-candidate-format';
import { PartyLogo } from '../../components/parties/party-logo';
import { PartySwatch } from '../../components/parties/party-swatch';
import { useMediaProject } from '../../components/media/use-media-project';
import type { ComparedCandidate } from './loader.server';

/** One line of the comparison: its label, and what it shows for a candidate. */
export interface Attribute {
  key: string;
  label: string;
  render: (candidate: ComparedCandidate) => ReactNode;
}

const linkClass = 'text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400';
const missingClass = 'text-slate-500 dark:text-slate-400';

function Missing() {
  const { t } = useTranslation('compare');
  return <span className={missingClass}>{t('missing')}</span>;
}

function Party({ candidate }: { candidate: ComparedCandidate }) {
  const { t } = useTranslation('candidates');
  const projectId = useMediaProject();
  const { party } = candidate;
  if (!party) return <>{t('list.independent')}</>;
  return (
    <span className="flex items-center gap-2 print:[&>:first-child]:size-8">
      <PartyLogo projectId={projectId} name={party.name} abbreviation={party.abbreviation} colour={party.colour} logoFileId={party.logoFileId} alt={t('parties:logo.alt', { name: party.name })} />
      <span className="inline-flex min-w-0 items-center gap-1.5">
        <PartySwatch colour={party.colour} className="print:[print-color-adjust:exact]" />
        <Link to={party.href} className={`break-words ${linkClass}`}>
          {party.name}
        </Link>
      </span>
    </span>
  );
}

function Links({ candidate }: { candidate: ComparedCandidate }) {
  return candidateLinks(candidate).length ? <CandidateLinkList candidate={candidate} /> : <Missing />;
}

/** The attributes in the order both the table and the phone's cards show them. */
export function useAttributes(): Attribute[] {
  const { t } = useTranslation(['compare', 'candidates']);
  const format = useCandidateFormat();
  const text = (value: string | null) => (value ? <span className="break-words">{value}</span> : <Missing />);
  return [
    { key: 'party', label: t('candidates:profile.party'), render: (candidate) => <Party candidate={candidate} /> },
    { key: 'office', label: t('candidates:profile.office'), render: (candidate) => text(candidate.office) },
    { key: 'area', label: t('candidates:profile.area'), render: (candidate) => candidate.place ?? t('candidates:profile.nationwide') },
    {
      key: 'age',
      label: t('candidates:profile.age'),
      render: (candidate) =>
        candidate.age !== null && candidate.dateOfBirth ? t('candidates:profile.ageValue', { count: candidate.age, age: format.number(candidate.age), date: format.date(candidate.dateOfBirth) }) : <Missing />,
    },
    { key: 'occupation', label: t('candidates:profile.occupation'), render: (candidate) => text(candidate.occupation) },
    { key: 'education', label: t('candidates:profile.education'), render: (candidate) => text(candidate.education) },
    // As on the candidate's own page: the editors' text, its line breaks kept.
    { key: 'bio', label: t('candidates:profile.about'), render: (candidate) => (candidate.bio ? <p className="whitespace-pre-line break-words leading-relaxed">{candidate.bio}</p> : <Missing />) },
    { key: 'links', label: t('candidates:profile.links'), render: (candidate) => <Links candidate={candidate} /> },
    { key: 'status', label: t('compare:status'), render: (candidate) => <StatusBadge status={candidate.status} /> },
    {
      key: 'result',
      label: t('candidates:profile.result'),
      render: (candidate) =>
        candidate.votes !== null ? (
          <span>
            {candidate.votePercent !== null ? <strong className="mr-1.5 font-semibold">{format.percent(candidate.votePercent)}</strong> : null}
            {t('candidates:list.votes', { count: candidate.votes, votes: format.number(candidate.votes) })}
          </span>
        ) : (
          <span className={missingClass}>{t('compare:noResult')}</span>
        ),
    },
  ];
}
