import type { Candidate } from './types';

// Below both candidates.server.ts, which builds rows, and grouped-page.server.ts, which pages them.

export const CANDIDATES_PER_PAGE = 25;

/** What a candidate list row is built from; pass to Query.select. */
export const CANDIDATE_ROW_FIELDS = [
  '$id', 'name', 'photoFileId', 'partyId', 'officeId', 'regionId', 'districtId', 'electoralAreaId', 'ballotNumber', 'status', 'votes', 'votePercent',
];

export type CandidateRowSource = Pick<
  Candidate,
  '$id' | 'name' | 'photoFileId' | 'partyId' | 'officeId' | 'regionId' | 'districtId' | 'electoralAreaId' | 'ballotNumber' | 'status' | 'votes' | 'votePercent'
>;
