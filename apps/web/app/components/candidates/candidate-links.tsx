import { useTranslation } from 'react-i18next';
import { ExternalLink, linkLabel } from './external-link';

interface LinkedCandidate {
  website?: string | null;
  socialLinks?: readonly (string | null)[] | null;
}

/** A candidate's website first, then their social links; empty ones left out. */
export function candidateLinks(candidate: LinkedCandidate): string[] {
  return [candidate.website, ...(candidate.socialLinks ?? [])].filter((link): link is string => Boolean(link));
}

/** The candidate's links as a list, the website named as such (the profile and the comparison show the same). */
export function CandidateLinkList({ candidate }: { candidate: LinkedCandidate }) {
  const { t } = useTranslation('candidates');
  return (
    <ul className="space-y-1">
      {candidateLinks(candidate).map((href) => (
        <li key={href}>
          <ExternalLink href={href}>{href === candidate.website ? t('profile.website', { site: linkLabel(href) }) : linkLabel(href)}</ExternalLink>
        </li>
      ))}
    </ul>
  );
}
