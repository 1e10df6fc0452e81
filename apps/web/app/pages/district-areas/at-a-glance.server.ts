import { Query } from 'appwrite';
import { candidateFigures, mainRace, raceFigures } from '../../lib/charts/ballot-figures';
import { candidatesForFigures, chartMessages } from '../../lib/charts/glance-candidates.server';
import type { BallotGlance } from '../../lib/charts/glance-types';
import { officesAt, raceOffices } from '../../lib/charts/race-offices.server';
import { allParties, partyBadge } from '../../lib/directory/candidates.server';
import type { Election } from '../../lib/directory/types';
import { inElection } from '../area-hierarchy/lookups.server';

/** Every candidate standing anywhere in one district (its own races and all its areas'); a few dozen at the demo's size. */
const DISTRICT_CHART_LIMIT = 1000;

interface DistrictInput {
  district: { $id: string; name: string };
  election: Election | null;
  /** The district's areas, already loaded by the page: its turnout's registered voters. */
  areas: readonly { registeredVoters: number | null }[];
}

/**
 * The district page's figures: one candidates request for the whole district (not one per area).
 * Registered voters and polling stations are left out: the page's own figures already show them.
 */
export async function districtGlance(request: Request, { district, election, areas }: DistrictInput): Promise<BallotGlance> {
  const messages = chartMessages(request);
  if (!election) return { messages, election: null, candidates: null, voters: null, race: null };
  const [offices, parties, candidates] = await Promise.all([
    raceOffices(request),
    allParties(request),
    candidatesForFigures(request, [Query.equal('districtId', district.$id), inElection(election)], DISTRICT_CHART_LIMIT),
  ]);
  const badges = parties.map(partyBadge);
  const race = candidates && mainRace(candidates, officesAt(offices, 'district'));
  return {
    messages,
    election: { name: election.name },
    candidates: candidates && candidateFigures(candidates, badges),
    voters: null,
    race: race
      ? raceFigures(race, { place: district.name, concluded: election.status === 'concluded', registeredVoters: areas.map((area) => area.registeredVoters), parties: badges })
      : null,
  };
}
