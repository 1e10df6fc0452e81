import type { PartyBadge } from '../directory/candidate-rows';
import { readingOrderCollator } from '../intl';
import { standings, turnoutOf, votesCast, type RaceEntrant } from '../results/race';
import type { CandidateFigures, GenderCount, GenderKey, PartyCount, RaceFigures, VoterFigures } from './glance-types';

/** What the figures read of each candidate; pass to Query.select. */
export const CHART_CANDIDATE_FIELDS = ['$id', '$updatedAt', 'name', 'partyId', 'gender', 'officeId', 'votes', 'status'] as const;

export interface ChartCandidate {
  $id: string;
  $updatedAt: string;
  name: string;
  partyId: string | null;
  gender: string | null;
  officeId: string;
  votes: number | null;
  status: string;
}

/** Candidates per party, most first (ties by name); independents, if any, last. */
export function candidatesPerParty(candidates: readonly ChartCandidate[], parties: readonly PartyBadge[]): PartyCount[] {
  const known = new Map(parties.map((party) => [party.id, party]));
  const counts = new Map<string, number>();
  let independents = 0;
  for (const candidate of candidates) {
    // A party id the parties list lacks (deleted, or hidden) counts as no party rather than vanishing.
    if (candidate.partyId && known.has(candidate.partyId)) counts.set(candidate.partyId, (counts.get(candidate.partyId) ?? 0) + 1);
    else independents++;
  }
  const byParty = [...counts].map(([id, count]): PartyCount => ({ party: known.get(id)!, count }));
  const byReadingOrder = readingOrderCollator();
  byParty.sort((a, b) => b.count - a.count || byReadingOrder.compare(a.party!.name, b.party!.name));
  return independents ? [...byParty, { party: null, count: independents }] : byParty;
}

const GENDER_ORDER: readonly GenderKey[] = ['female', 'male', 'other', 'unstated'];

/** Women, men, other, not stated ('undisclosed' or no value): women and men always, the others when present. */
export function genderBalance(candidates: readonly ChartCandidate[]): GenderCount[] {
  const counts: Record<GenderKey, number> = { female: 0, male: 0, other: 0, unstated: 0 };
  for (const candidate of candidates) {
    const gender = candidate.gender === 'female' || candidate.gender === 'male' || candidate.gender === 'other' ? candidate.gender : 'unstated';
    counts[gender]++;
  }
  return GENDER_ORDER.filter((gender) => counts[gender] > 0 || gender === 'female' || gender === 'male').map((gender) => ({ gender, count: counts[gender] }));
}

export function candidateFigures(candidates: readonly ChartCandidate[], parties: readonly PartyBadge[]): CandidateFigures {
  return { total: candidates.length, byParty: candidatesPerParty(candidates, parties), byGender: genderBalance(candidates) };
}

/** Registered voters and polling stations summed over areas; an area without a figure adds nothing to it. */
export function voterFigures(areas: readonly { registeredVoters: number | null; pollingStations: number | null }[]): VoterFigures {
  const sum = (values: (number | null)[]) => {
    const known = values.filter((value): value is number => typeof value === 'number');
    return known.length ? known.reduce((total, value) => total + value, 0) : null;
  };
  return {
    registered: sum(areas.map((area) => area.registeredVoters)),
    pollingStations: sum(areas.map((area) => area.pollingStations)),
    areas: areas.length,
    areasReporting: areas.filter((area) => typeof area.registeredVoters === 'number' && typeof area.pollingStations === 'number').length,
  };
}

export interface RaceOffice {
  id: string;
  name: string;
  seats: number | null;
}

/**
 * The main race among `offices` (in ballot order, the place's own offices first): the first whose
 * candidates have any votes in. Null while no race has a count.
 */
export function mainRace<O extends RaceOffice>(candidates: readonly ChartCandidate[], offices: readonly O[]): { office: O; candidates: ChartCandidate[] } | null {
  for (const office of offices) {
    const entrants = candidates.filter((candidate) => candidate.officeId === office.id);
    if (entrants.some((candidate) => candidate.votes !== null)) return { office, candidates: entrants };
  }
  return null;
}

/**
 * The race's standings and turnout. Turnout counts one race only — every voter casts a ballot in
 * each race, so adding the races up would count voters twice — and, where a race fills several
 * seats and each voter may mark as many, its ballots are taken as votes ÷ seats (a floor: a voter
 * who marks fewer adds fewer votes).
 */
export function raceFigures(
  race: { office: RaceOffice; candidates: readonly ChartCandidate[] },
  context: { place: string; concluded: boolean; registeredVoters: readonly (number | null)[]; parties: readonly PartyBadge[] },
): RaceFigures {
  const seats = Math.max(1, Math.floor(race.office.seats ?? 1));
  const party = new Map(context.parties.map((each) => [each.id, each]));
  const entrants: (RaceEntrant & { source: ChartCandidate })[] = race.candidates.map((candidate) => ({
    id: candidate.$id,
    name: candidate.name,
    votes: candidate.votes,
    status: candidate.status,
    updatedAt: candidate.$updatedAt,
    source: candidate,
  }));
  const ranked = standings(entrants, seats);
  const ballots = Math.round(votesCast(entrants) / seats);
  return {
    office: race.office.name,
    place: context.place,
    seats,
    concluded: context.concluded,
    standings: ranked.map(({ candidate, percent, winner }) => ({
      id: candidate.id,
      name: candidate.name,
      party: (candidate.source.partyId && party.get(candidate.source.partyId)) || null,
      votes: candidate.votes,
      percent,
      winner,
    })),
    turnout: turnoutOf(ballots, context.registeredVoters),
  };
}
