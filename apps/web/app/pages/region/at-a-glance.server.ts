import { Query } from 'appwrite';
import { candidateFigures, mainRace, raceFigures, voterFigures } from '../../lib/charts/ballot-figures';
import { candidatesForFigures, chartMessages } from '../../lib/charts/glance-candidates.server';
import type { BallotGlance } from '../../lib/charts/glance-types';
import { officesAt, raceOffices } from '../../lib/charts/race-offices.server';
import { allParties, partyBadge } from '../../lib/directory/candidates.server';
import { listAll } from '../../lib/directory/query.server';
import { COUNT_CAP } from '../../lib/format-count';
import type { Election, ElectoralArea } from '../../lib/directory/types';
import { inElection } from '../area-hierarchy/lookups.server';

/** A region of the demo data has about 600 candidates in its current election; a real one, hundreds. */
const REGION_CHART_LIMIT = 1000;

/**
 * The region page's figures: one candidates request for the region and one listing of its areas'
 * two voter figures (a few hundred small rows), in parallel — not one request per district or area.
 * `candidatesOnRecord` is the region's count over every election (from its index alone, capped at
 * COUNT_CAP): at the cap the region is national-scale, and the candidates request is not made — it
 * would read a thousand rows (0.1–0.45 s at a million candidates) only to find too many to chart.
 */
export async function regionGlance(
  request: Request,
  { region, election, candidatesOnRecord }: { region: { $id: string; name: string }; election: Election | null; candidatesOnRecord: Promise<number> },
): Promise<BallotGlance> {
  const messages = chartMessages(request);
  const inRegion = Query.equal('regionId', region.$id);
  const chartable = async (current: Election) => ((await candidatesOnRecord) < COUNT_CAP ? candidatesForFigures(request, [inRegion, inElection(current)], REGION_CHART_LIMIT) : null);
  const [areas, offices, parties, candidates] = await Promise.all([
    listAll<Pick<ElectoralArea, '$id' | 'registeredVoters' | 'pollingStations'>>(request, 'electoral_areas', [inRegion, Query.select(['$id', 'registeredVoters', 'pollingStations'])]),
    raceOffices(request),
    allParties(request),
    election ? chartable(election) : null,
  ]);
  const voters = voterFigures(areas);
  if (!election) return { messages, election: null, candidates: null, voters, race: null };
  const badges = parties.map(partyBadge);
  const race = candidates && mainRace(candidates, officesAt(offices, 'region'));
  return {
    messages,
    election: { name: election.name },
    candidates: candidates && candidateFigures(candidates, badges),
    voters,
    race: race
      ? raceFigures(race, { place: region.name, concluded: election.status === 'concluded', registeredVoters: areas.map((area) => area.registeredVoters), parties: badges })
      : null,
  };
}
