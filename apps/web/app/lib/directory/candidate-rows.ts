import type { CandidateStatus, Election, Office } from './types';

/** What candidate lists render; shared by loaders (which build it) and components. */

export interface PartyBadge {
  id: string;
  name: string;
  abbreviation: string;
  colour: string | null;
}

/** One row of a candidate list, ready to render. */
export interface CandidateRow {
  id: string;
  name: string;
  href: string;
  /** The photo in the media bucket, or null (the list shows initials). */
  photoFileId: string | null;
  party: PartyBadge | null;
  office: string;
  place: string | null;
  ballotNumber: number | null;
  status: CandidateStatus;
  votes: number | null;
  votePercent: number | null;
}

export interface OfficeGroup {
  office: Pick<Office, 'name' | 'slug' | 'level'>;
  total: number;
  rows: CandidateRow[];
}

export type ElectionSummary = Pick<Election, '$id' | 'name' | 'slug' | 'date' | 'status'>;

/** The election a list shows and the selector's state (`value` is empty for the default election). */
export interface ElectionChoice {
  election: ElectionSummary | null;
  elections: readonly ElectionSummary[];
  defaultSlug: string;
  value: string;
}

/** `?party=` value for candidates without a party. */
export const INDEPENDENT = 'independent';
