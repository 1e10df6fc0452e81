import { Query } from 'appwrite';
import { allOffices, allParties } from '../directory/candidates.server';
import { countOf, listAll, listPage } from '../directory/query.server';
import { cachedReference } from '../directory/reference.server';
import type { Candidate, Election, Office } from '../directory/types';
import { leadingPartyByPlace, mapParties } from './leading-parties';
import type { MapResults } from './types';

/** Candidates the races of one map may hold for it to be coloured by result (see mapResults). */
const MAP_RESULT_ROWS = 1000;

export type MappedLevel = Exclude<Office['level'], 'national'>;

const placeField = { region: 'regionId', district: 'districtId', electoral_area: 'electoralAreaId' } as const satisfies Record<MappedLevel, keyof Candidate>;

/** The election whose results colour maps: an ongoing one, else the latest concluded (cached as reference data). */
function resultsElection(request: Request): Promise<Pick<Election, '$id' | 'name'> | null> {
  return cachedReference(request, 'maps: results election', async (anonymous) => {
    const page = await listPage<Election>(anonymous, 'elections', [
      Query.equal('status', ['ongoing', 'concluded']),
      Query.orderDesc('date'),
      Query.select(['$id', 'name']),
      Query.limit(1),
    ], { total: false });
    return page.items[0] ?? null;
  });
}

/**
 * Who leads each place of `level` inside `scope` (e.g. the districts of one region), in the first
 * office of that level (ballot order) of the results election; null when nothing leads anywhere,
 * and the map stays neutral. The places' races are read whole when they hold up to
 * MAP_RESULT_ROWS candidates (a country's regions or a region's districts: a few hundred); beyond
 * that the map stays neutral too, rather than read them all for one colour per place (a region of
 * the 1M-candidate bench data: 64,000 rows, 0.8 s of a page view).
 */
export async function mapResults(request: Request, level: MappedLevel, scope: string[]): Promise<{ results: MapResults; leaders: Map<string, string> } | null> {
  const [election, offices] = await Promise.all([resultsElection(request), allOffices(request)]);
  const office = offices.find((each) => each.level === level);
  if (!election || !office) return null;
  const field = placeField[level];
  const races = [Query.equal('electionId', election.$id), Query.equal('officeId', office.$id), ...scope];
  if ((await countOf(request, 'candidates', races)) > MAP_RESULT_ROWS) return null;
  const [candidates, parties] = await Promise.all([
    listAll<Candidate>(request, 'candidates', [...races, Query.select(['$id', 'name', 'partyId', 'votes', 'status', field])]),
    allParties(request),
  ]);
  const leaders = leadingPartyByPlace(
    candidates.flatMap((candidate) => {
      const placeId = candidate[field];
      return placeId ? [{ id: candidate.$id, name: candidate.name, votes: candidate.votes, status: candidate.status, updatedAt: candidate.$updatedAt, partyId: candidate.partyId, placeId }] : [];
    }),
  );
  if (leaders.size === 0) return null;
  return { results: { election: election.name, office: office.name, parties: mapParties(parties, leaders.values()) }, leaders };
}
