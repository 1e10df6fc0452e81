import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateStatus } from '../../lib/directory/types';
import { useCandidateFormat } from './use-candidate-format';

/**
 * The strings of a candidate list's rows. Rows repeat the same few statuses and ballot numbers, so
 * each distinct string is translated once per list rather than once per row (i18next costs tens of
 * microseconds a call, which adds up on every server render of a 25-row page).
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
    return {
      status: (status: CandidateStatus) => once(`status ${status}`, () => t(`status.${status}`, { defaultValue: status })),
      independent: () => once('independent', () => t('list.independent')),
      ballotNumber: (number: number) => once(`ballot ${number}`, () => t('list.ballotNumber', { number: format.number(number) })),
      votes: (votes: number, votePercent: number | null) =>
        votePercent !== null
          ? t('list.votesWithPercent', { count: votes, votes: format.number(votes), percent: format.percent(votePercent) })
          : t('list.votes', { count: votes, votes: format.number(votes) }),
    };
  }, [t, format]);
}

export type CandidateListText = ReturnType<typeof useCandidateListText>;
