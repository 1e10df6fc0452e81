import { Query } from 'appwrite';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { listAll } from '../../../lib/directory/query.server';
import type { Election, Office } from '../../../lib/directory/types';
import { resultsPath } from '../../../lib/results/race-path';
import { NATIONAL_LOCATION } from '../../../lib/urls';
import { chosenRace, placesOf } from './race.server';
import type { ResultsEntryData } from './types';

/** `/…/results?election=&office=&place=` (slugs): choose a race step by step, then its candidates' votes. */
export async function resultsEntryLoader(request: Request): Promise<ResultsEntryData> {
  await requireEditor(request);
  const search = new URL(request.url).searchParams;
  const [elections, offices] = await Promise.all([
    listAll<Election>(request, 'elections', [Query.orderDesc('date'), Query.select(['$id', 'name', 'slug', 'date', 'status'])]),
    listAll<Office>(request, 'offices', [Query.orderAsc('order'), Query.orderAsc('name'), Query.select(['$id', 'name', 'slug', 'level'])]),
  ]);
  const election = elections.find((each) => each.slug === search.get('election')) ?? null;
  const office = offices.find((each) => each.slug === search.get('office')) ?? null;
  const places = office ? await placesOf(request, office.level) : [];
  const placeSlug = office?.level === 'national' ? NATIONAL_LOCATION : (places.find((each) => each.slug === search.get('place'))?.slug ?? '');
  const chosen = { election: election?.slug ?? '', office: office?.slug ?? '', place: placeSlug };
  const race = election && office && placeSlug ? await chosenRace(request, chosen) : null;
  return {
    elections: elections.map((each) => ({ slug: each.slug, name: each.name })),
    offices: offices.map((each) => ({ slug: each.slug, name: each.name, level: each.level })),
    places: places.map((each) => ({ slug: each.slug, name: each.name })),
    chosen,
    race: race && {
      rows: race.candidates.map((candidate) => ({
        id: candidate.$id,
        name: candidate.name,
        party: candidate.partyId ? (race.parties.get(candidate.partyId) ?? null) : null,
        ballotNumber: candidate.ballotNumber,
        votes: candidate.votes,
      })),
      publicHref: resultsPath({ election: race.election, office: race.office, area: race.place, district: race.place, region: race.place }),
    },
  };
}
