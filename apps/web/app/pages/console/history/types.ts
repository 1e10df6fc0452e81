import type { SaveProblem } from '../../../lib/console/api-errors';

/** The `intent` of a revert form (a record page holds the record's own form too). */
export const REVERT_INTENT = 'revert';

/** A revert the API refused (a conflict with later changes, a bad source), shown at that change with the source kept. */
export interface RevertProblem {
  changeId: string;
  problem: SaveProblem;
  source: string;
}
