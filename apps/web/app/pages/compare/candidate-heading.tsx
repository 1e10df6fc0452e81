import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CandidatePhoto } from '../../components/candidates/candidate-photo';
import { useMediaProject } from '../../components/media/use-media-project';
import type { ComparedCandidate } from './loader.server';
import { RemoveColumn } from './remove-column';

/** The head of a candidate's column (or card): photo, name linking to their page, and the remove control. */
export function CandidateHeading({ candidate, remaining, as: Heading }: { candidate: ComparedCandidate; remaining: string[]; as: 'span' | 'h2' }) {
  const { t } = useTranslation('candidates');
  const projectId = useMediaProject();
  return (
    // On paper the portrait is smaller, so a comparison of four fits one A4 landscape page.
    <div className="flex flex-col items-start gap-2 print:[&_img]:h-16 print:[&_img]:w-auto">
      <CandidatePhoto projectId={projectId} name={candidate.name} photoFileId={candidate.photoFileId} colour={candidate.party?.colour} alt={t('photo.alt', { name: candidate.name })} variant="hero" />
      <Heading className="break-words text-base font-semibold">
        <Link to={candidate.href} className="text-green-800 underline-offset-2 hover:underline dark:text-green-400">
          {candidate.name}
        </Link>
      </Heading>
      <RemoveColumn candidate={candidate} remaining={remaining} />
    </div>
  );
}
