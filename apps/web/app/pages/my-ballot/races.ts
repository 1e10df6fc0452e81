import type { CandidateRow } from '../../lib/directory/candidate-rows';
import type { CalendarEvent, Office } from '../../lib/directory/types';

export interface PartyLogoRef {
  logoFileId: string | null;
}

/** One candidate on the ballot paper: the list row plus the party's logo. */
export type BallotCandidate = CandidateRow & { partyLogoFileId: string | null };

/** One race (office) on a voter's ballot, with its candidates in ballot-number order. */
export interface Race {
  office: Pick<Office, 'name' | 'slug' | 'level'>;
  candidates: BallotCandidate[];
}

export type BallotEvent = Pick<CalendarEvent, '$id' | 'title' | 'start' | 'end' | 'allDay' | 'kind' | 'location'>;

const byBallotNumber = (a: CandidateRow, b: CandidateRow): number =>
  (a.ballotNumber ?? Number.MAX_SAFE_INTEGER) - (b.ballotNumber ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name);

/**
 * The ballot's races in the offices' order (national first), skipping offices nobody stands for.
 * `rows[i]` is the rendered form of `sources[i]`, which still knows its office's id.
 */
export function racesOf(sources: readonly { officeId: string }[], rows: readonly CandidateRow[], offices: readonly Office[], logos: Readonly<Record<string, PartyLogoRef>>): Race[] {
  return offices.flatMap((office) => {
    const candidates = rows
      .filter((_row, index) => sources[index]?.officeId === office.$id)
      .sort(byBallotNumber)
      .map((row): BallotCandidate => ({ ...row, partyLogoFileId: row.party ? (logos[row.party.id]?.logoFileId ?? null) : null }));
    return candidates.length > 0 ? [{ office: { name: office.name, slug: office.slug, level: office.level }, candidates }] : [];
  });
}
