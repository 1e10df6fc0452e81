/**
 * A race's figures from its candidates: order, winners, turnout, what has been counted. Pure, so
 * the server renders them and the browser recomputes them from live updates with the same code.
 */

import { readingOrderCollator } from '../intl';

/** What a race's figures are computed from, per candidate. */
export interface RaceEntrant {
  id: string;
  name: string;
  votes: number | null;
  /** Withdrawn and disqualified candidates are listed but cannot win. */
  status: string;
  updatedAt: string;
}

export interface Standing<C extends RaceEntrant> {
  candidate: C;
  /** Share of the votes cast, 2 decimals (as tally-race stores it); null while the candidate has no count. */
  percent: number | null;
  winner: boolean;
  /** Tied with others for the last seat(s): nobody in the tie is marked as a winner. */
  tiedForSeat: boolean;
}

const INELIGIBLE = new Set(['withdrawn', 'disqualified']);

/** Share of `cast`, rounded to 2 decimals as the demo data and tally-race do. */
export function shareOf(votes: number, cast: number): number {
  return cast === 0 ? 0 : Math.round((votes * 10_000) / cast) / 100;
}

/** The votes counted so far (candidates without a count add nothing). */
export function votesCast(entrants: readonly RaceEntrant[]): number {
  return entrants.reduce((sum, entrant) => sum + (entrant.votes ?? 0), 0);
}

/**
 * Candidates by votes (most first; no count last; equal votes by name), with the winners of
 * `seats` seats: the eligible candidates with votes, fewer than `seats` of whom have more, when
 * the seat is not shared by a tie that the seats cannot all take.
 */
export function standings<C extends RaceEntrant>(entrants: readonly C[], seats: number): Standing<C>[] {
  const cast = votesCast(entrants);
  const byName = readingOrderCollator();
  const sorted = [...entrants].sort((a, b) => (b.votes ?? -1) - (a.votes ?? -1) || byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
  const contenders = sorted.filter((entrant) => entrant.votes !== null && entrant.votes > 0 && !INELIGIBLE.has(entrant.status));
  const seatCount = Math.max(1, Math.floor(seats));
  return sorted.map((candidate) => {
    const eligible = contenders.includes(candidate);
    const ahead = contenders.filter((other) => (other.votes ?? 0) > (candidate.votes ?? 0)).length;
    const level = contenders.filter((other) => other.votes === candidate.votes).length;
    const inReach = eligible && ahead < seatCount;
    const winner = inReach && ahead + level <= seatCount;
    return { candidate, percent: candidate.votes === null ? null : shareOf(candidate.votes, cast), winner, tiedForSeat: inReach && !winner };
  });
}

export interface Turnout {
  cast: number;
  /** Registered voters of the race's areas, when every area has the figure. */
  registered: number | null;
  /** cast / registered in percent (2 decimals), when registered is known and not 0. */
  percent: number | null;
  areasWithFigure: number;
  areas: number;
}

/** Turnout over the race's areas (one for an area race; all of them for a district, region or the nation). */
export function turnoutOf(cast: number, registeredVoters: readonly (number | null)[]): Turnout {
  const known = registeredVoters.filter((value): value is number => typeof value === 'number');
  const complete = registeredVoters.length > 0 && known.length === registeredVoters.length;
  const registered = complete ? known.reduce((sum, value) => sum + value, 0) : null;
  return { cast, registered, percent: registered ? shareOf(cast, registered) : null, areasWithFigure: known.length, areas: registeredVoters.length };
}

export interface CountProgress {
  /** Candidates whose votes have been entered. */
  counted: number;
  candidates: number;
}

export function countProgress(entrants: readonly RaceEntrant[]): CountProgress {
  return { counted: entrants.filter((entrant) => entrant.votes !== null).length, candidates: entrants.length };
}

/** The latest change to any of the race's candidates (ISO), or null for a race without candidates. */
export function lastUpdated(entrants: readonly RaceEntrant[]): string | null {
  let latest: string | null = null;
  for (const entrant of entrants) if (latest === null || Date.parse(entrant.updatedAt) > Date.parse(latest)) latest = entrant.updatedAt;
  return latest;
}

/** The single leader, or null when nobody has votes or the first place is tied. */
export function leaderOf<C extends RaceEntrant>(ranked: readonly Standing<C>[]): C | null {
  const [first, second] = ranked;
  if (!first || !first.candidate.votes) return null;
  return second && second.candidate.votes === first.candidate.votes ? null : first.candidate;
}
