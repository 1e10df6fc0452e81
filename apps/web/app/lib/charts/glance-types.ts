import type { PartyBadge } from '../directory/candidate-rows';
import type { Turnout } from '../results/race';
import type { RouteMessages } from '../route-messages';

/** What the "At a glance" figures are drawn from: plain data a loader returns and a view renders. */

export interface PartyCount {
  /** null: the independents. */
  party: PartyBadge | null;
  count: number;
}

export type GenderKey = 'female' | 'male' | 'other' | 'unstated';

export interface GenderCount {
  gender: GenderKey;
  count: number;
}

export interface CandidateFigures {
  total: number;
  byParty: PartyCount[];
  byGender: GenderCount[];
}

export interface VoterFigures {
  /** Sum over the areas that report the figure; null when none does. */
  registered: number | null;
  pollingStations: number | null;
  /** Areas summed, and how many of them report both figures (equal for a single area that has them). */
  areas: number;
  areasReporting: number;
}

export interface RaceStanding {
  id: string;
  name: string;
  party: PartyBadge | null;
  votes: number | null;
  percent: number | null;
  winner: boolean;
}

/** The result of the place's main race (see mainRace) and the turnout it implies. */
export interface RaceFigures {
  office: string;
  /** Where the race is held: the place itself, or (for an area) its district. */
  place: string;
  seats: number;
  concluded: boolean;
  standings: RaceStanding[];
  turnout: Turnout;
}

export interface BallotGlance {
  messages: RouteMessages[];
  election: { name: string } | null;
  /** null: more candidates than the figures are drawn for (see the loaders' limits). */
  candidates: CandidateFigures | null;
  /** null where the page already shows these figures. */
  voters: VoterFigures | null;
  /** null until some votes of the main race are in. */
  race: RaceFigures | null;
}
