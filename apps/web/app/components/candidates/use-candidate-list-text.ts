import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateStatus } from '../../lib/directory/types';
import { useCandidateFormat } from './use-candidate-format';

/** Stands for the ballot number or a name while a sentence is translated; never occurs in a translation. */
const SLOT = '\u{F8FF}';

/**
 * The strings of a candidate list's rows. i18next costs tens of microseconds a call, which adds up
 * on every server render of a 25-row page, so each status is translated once per list and the
 * ballot-number and photo sentences once, with the number or name filled in per row (neither has
 * plural forms).
 */
export function useCandidateListText() {
  const { t } = useTranslation('candidates');
  const format = useCandidateFormat();
  return useMemo(() => {
    const translated = new Map<string, string>();
    const once = (key: string, translate: () => string): string => {
      let text = translated.get(key);
      if (text === undefined) translated.set(key, (text = translate()));
      return text;
    };
    let ballotSentence: string[] | null = null;
    let photoSentence: string[] | null = null;
    return {
      status: (status: CandidateStatus) => once(`status ${status}`, () => t(`status.${status}`, { defaultValue: status })),
      independent: () => once('independent', () => t('list.independent')),
      photoAlt: (name: string) => (photoSentence ??= t('photo.alt', { name: SLOT }).split(SLOT)).join(name),
      ballotNumber: (number: number) => (ballotSentence ??= t('list.ballotNumber', { number: SLOT }).split(SLOT)).join(format.number(number)),
      votes: (votes: number, votePercent: number | null) =>
        votePercent !== null
          ? t('list.votesWithPercent', { count: votes, votes: format.number(votes), percent: format.percent(votePercent) })
          : t('list.votes', { count: votes, votes: format.number(votes) }),
    };
  }, [t, format]);
}

export type CandidateListText = ReturnType<typeof useCandidateListText>;
