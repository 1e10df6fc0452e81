/** Which candidates make a race, and the vote shares to store on each. */

export type OfficeLevel = 'national' | 'region' | 'district' | 'electoral_area';

export interface RaceMember {
  $id: string;
  electionId: string;
  officeId: string;
  regionId?: string | null;
  districtId?: string | null;
  electoralAreaId?: string | null;
  votes: number | null;
  votePercent: number | null;
}

/** The attribute naming a race's place for an office of this level (none for a national office). */
export const PLACE_ATTRIBUTE: Record<OfficeLevel, 'regionId' | 'districtId' | 'electoralAreaId' | null> = {
  national: null,
  region: 'regionId',
  district: 'districtId',
  electoral_area: 'electoralAreaId',
};

export function isOfficeLevel(value: unknown): value is OfficeLevel {
  return typeof value === 'string' && Object.hasOwn(PLACE_ATTRIBUTE, value);
}

/** Share of the votes cast, rounded to 2 decimals as the demo data does; null without a count. */
export function percentOf(votes: number | null, cast: number): number | null {
  if (votes === null) return null;
  return cast === 0 ? 0 : Math.round((votes * 10_000) / cast) / 100;
}

/**
 * The candidates whose stored votePercent differs from their share of the race's votes, with the
 * share to store. Only these are written, so the writes' own events find nothing left to change.
 */
export function percentChanges(members: readonly RaceMember[]): { id: string; votePercent: number | null }[] {
  const cast = members.reduce((sum, member) => sum + (member.votes ?? 0), 0);
  return members.flatMap((member) => {
    const votePercent = percentOf(member.votes, cast);
    return votePercent === member.votePercent ? [] : [{ id: member.$id, votePercent }];
  });
}
