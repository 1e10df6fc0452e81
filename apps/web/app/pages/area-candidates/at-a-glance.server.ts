import { Query } from 'appwrite';
import { candidateFigures, mainRace, raceFigures, voterFigures, type ChartCandidate } from '../../lib/charts/ballot-figures';
import { candidatesForFigures, chartMessages, registeredVotersOf } from '../../lib/charts/glance-candidates.server';
import type { BallotGlance } from '../../lib/charts/glance-types';
import { officesAt, raceOffices } from '../../lib/charts/race-offices.server';
import { allParties, partyBadge } from '../../lib/directory/candidates.server';
import type { ElectionSummary } from '../../lib/directory/candidate-rows';
import type { ElectoralArea } from '../../lib/directory/types';
import { inElection } from '../area-hierarchy/lookups.server';

/** A real ballot never nears this; the 1M-candidate benchmark data does, and then gets no charts. */
const AREA_CHART_LIMIT = 200;

/**
 * What the page's list counted of the ballot (any party filter only lowers the counts): candidates
 * in the area, and per office those in the district.
 */
export interface ListedCounts {
  inArea: number;
  inDistrict: ReadonlyMap<string, number>;
}

interface AreaInput {
  area: Pick<ElectoralArea, '$id' | 'name' | 'registeredVoters' | 'pollingStations'>;
  district: { $id: string; name: string } | null;
  election: Pick<ElectionSummary, '$id' | 'name' | 'status'> | null;
  listed: ListedCounts;
}

/**
 * The area page's figures, over its ballot as the page lists it: the area's own races and its
 * district's. Two candidate requests (area, district), in parallel; one more for the district's
 * registered voters only when the main race with votes is a district one. None when the list's
 * counts already show either part over the limit: the figures are then left out whatever they read.
 */
export async function areaGlance(request: Request, { area, district, election, listed }: AreaInput): Promise<BallotGlance> {
  const voters = voterFigures([area]);
  const messages = chartMessages(request);
  if (!election) return { messages, election: null, candidates: null, voters, race: null };
  const [offices, parties] = await Promise.all([raceOffices(request), allParties(request)]);
  const areaOffices = officesAt(offices, 'electoral_area');
  const districtOffices = district ? officesAt(offices, 'district') : [];
  const listedInDistrict = districtOffices.reduce((sum, office) => sum + (listed.inDistrict.get(office.id) ?? 0), 0);
  if (listed.inArea > AREA_CHART_LIMIT || listedInDistrict > AREA_CHART_LIMIT) return { messages, election: { name: election.name }, candidates: null, voters, race: null };
  const [own, districtWide] = await Promise.all([
    candidatesForFigures(request, [Query.equal('electoralAreaId', area.$id), inElection(election)], AREA_CHART_LIMIT),
    district && districtOffices.length
      ? candidatesForFigures(request, [Query.equal('districtId', district.$id), inElection(election), Query.equal('officeId', districtOffices.map((office) => office.id))], AREA_CHART_LIMIT)
      : ([] as ChartCandidate[]),
  ]);
  const badges = parties.map(partyBadge);
  const ballot = own && districtWide ? [...own, ...districtWide] : null;
  const base = { messages, election: { name: election.name }, candidates: ballot && candidateFigures(ballot, badges), voters };
  if (!own || !districtWide) return { ...base, race: null };

  const concluded = election.status === 'concluded';
  const areaRace = mainRace(own, areaOffices);
  if (areaRace) return { ...base, race: raceFigures(areaRace, { place: area.name, concluded, registeredVoters: [area.registeredVoters], parties: badges }) };
  const districtRace = district ? mainRace(districtWide, districtOffices) : null;
  if (!district || !districtRace) return { ...base, race: null };
  const registeredVoters = await registeredVotersOf(request, [Query.equal('districtId', district.$id)]);
  return { ...base, race: raceFigures(districtRace, { place: district.name, concluded, registeredVoters, parties: badges }) };
}
