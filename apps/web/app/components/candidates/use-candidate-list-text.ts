import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateStatus } from '../../lib/directory/types';
import { useCandidateFormat } from './use-candidate-format';

/** Stands for the ballot number while its sentence is translated; never occurs in a translation. */
const NUMBER_SLOT = '\u{F8FF}';

/**
 * The strings of a candidate list's rows. i18next costs tens of microseconds a call, which adds up
 * on every server render of a 25-row page, so each status is translated once per list and the
 * ballot-number sentence once, with the number filled in per row (it has no plural forms).
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
    return {
      status: (status: CandidateStatus) => once(`status ${status}`, () => t(`status.${status}`, { defaultValue: status })),
      independent: () => once('independent', () => t('list.independent')),
      ballotNumber: (number: number) => (ballotSentence ??= t('list.ballotNumber', { number: NUMBER_SLOT }).split(NUMBER_SLOT)).join(format.number(number)),
      votes: (votes: number, votePercent: number | null) =>
        votePercent !== null
          ? t('list.votesWithPercent', { count: votes, votes: format.number(votes), percent: format.percent(votePercent) })
          : t('list.votes', { count: votes, votes: format.number(votes) }),
    };
  }, [t, format]);
}

export type CandidateListText = ReturnType<typeof useCandidateListText>;
