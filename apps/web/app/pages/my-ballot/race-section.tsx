import { useTranslation } from 'react-i18next';
import type { CandidateListText } from '../../components/candidates/use-candidate-list-text';
import { BallotCandidateRow } from './ballot-candidate';
import type { Race } from './races';

/** One race on the ballot: the office, where it is contested, and its candidates in ballot order. */
export function RaceSection({ race, where, projectId, text }: { race: Race; where: string; projectId: string; text: CandidateListText }) {
  const { t } = useTranslation('my-ballot');
  const headingId = `race-${race.office.slug}`;
  return (
    <section aria-labelledby={headingId} className="break-inside-avoid-page">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold">
          {race.office.name}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {where} · {t('ballot.candidateCount', { count: race.candidates.length })}
        </p>
      </div>
      <ol className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {race.candidates.map((candidate) => (
          <BallotCandidateRow key={candidate.id} candidate={candidate} projectId={projectId} text={text} />
        ))}
      </ol>
    </section>
  );
}
