import type { PartyBadge } from '../../lib/directory/candidate-rows';
import type { RaceEntrant } from '../../lib/results/race';

/** What the results view reads of each candidate (and what a live update may change). */
export const RACE_FIELDS = ['$id', '$updatedAt', 'name', 'partyId', 'votes', 'status', 'electionId', 'officeId', 'regionId', 'districtId', 'electoralAreaId'] as const;

export interface RaceCandidate extends RaceEntrant {
  href: string;
  party: PartyBadge | null;
}

export interface RacePlace {
  /** Null for a national race. */
  name: string | null;
  slug: string;
  level: 'national' | 'region' | 'district' | 'electoral_area';
}
