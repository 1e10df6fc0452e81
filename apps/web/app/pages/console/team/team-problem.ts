import { useTranslation } from 'react-i18next';
import type { Problem } from '../../../lib/account/problem';

/**
 * A problem in the words of the team catalogue (`problems.<type>` in team.json) when it explains
 * that type; otherwise as it was, for ProblemAlert to show the account catalogue's or the API's words.
 */
export function useTeamProblem(): (problem: Problem) => Problem {
  const { t, i18n } = useTranslation('team');
  return (problem) => (i18n.exists(`team:problems.${problem.type}`) ? { ...problem, message: t(`problems.${problem.type}`) } : problem);
}
