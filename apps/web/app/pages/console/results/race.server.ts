import { Query } from 'appwrite';
import { getBySlug, listAll, type CollectionId } from '../../../lib/directory/query.server';
import type { Candidate, Election, Office, Party } from '../../../lib/directory/types';
import { NATIONAL_LOCATION } from '../../../lib/urls';

type Named = { $id: string; name: string; slug: string };

const PLACES = { region: ['regions', 'regionId'], district: ['districts', 'districtId'], electoral_area: ['electoral_areas', 'electoralAreaId'] } as const satisfies Record<
  Exclude<Office['level'], 'national'>,
  readonly [CollectionId, string]
>;

/** Every place an office of this level is contested in, by name (none for national offices). */
export function placesOf(request: Request, level: Office['level']): Promise<Named[]> {
  if (level === 'national') return Promise.resolve([]);
  return listAll<Named>(request, PLACES[level][0], [Query.orderAsc('name'), Query.select(['$id', 'name', 'slug'])]);
}

export interface ChosenRace {
  election: Election;
  office: Office;
  place: Named | null;
  candidates: Pick<Candidate, '$id' | 'name' | 'partyId' | 'ballotNumber' | 'votes'>[];
  parties: Map<string, string>;
}

/** The race the slugs name, with its candidates in ballot order, read as the editor; null when a slug names nothing. */
export async function chosenRace(request: Request, slugs: { election: string; office: string; place: string }): Promise<ChosenRace | null> {
  const [election, office] = await Promise.all([getBySlug<Election>(request, 'elections', slugs.election), getBySlug<Office>(request, 'offices', slugs.office)]);
  if (!election || !office) return null;
  let place: Named | null = null;
  if (office.level === 'national') {
    if (slugs.place !== NATIONAL_LOCATION) return null;
  } else {
    place = await getBySlug<Named>(request, PLACES[office.level][0], slugs.place);
    if (!place) return null;
  }
  const queries = [Query.equal('electionId', election.$id), Query.equal('officeId', office.$id)];
  if (place && office.level !== 'national') queries.push(Query.equal(PLACES[office.level][1], place.$id));
  const candidates = await listAll<ChosenRace['candidates'][number]>(request, 'candidates', [...queries, Query.select(['$id', 'name', 'partyId', 'ballotNumber', 'votes'])]);
  candidates.sort((a, b) => (a.ballotNumber ?? Infinity) - (b.ballotNumber ?? Infinity) || a.name.localeCompare(b.name));
  const partyIds = [...new Set(candidates.map((candidate) => candidate.partyId).filter((id): id is string => Boolean(id)))];
  const parties = partyIds.length
    ? await listAll<Pick<Party, '$id' | 'name'>>(request, 'parties', [Query.equal('$id', partyIds), Query.select(['$id', 'name'])])
    : [];
  return { election, office, place, candidates, parties: new Map(parties.map((party) => [party.$id, party.name])) };
}
