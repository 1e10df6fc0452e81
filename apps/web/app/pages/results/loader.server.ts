import { Query } from 'appwrite';
import { allParties, partyBadge } from '../../lib/directory/candidates.server';
import { getBySlug, listAll } from '../../lib/directory/query.server';
import type { Candidate, Election, ElectoralArea, Office } from '../../lib/directory/types';
import { pageNotFound } from '../../lib/not-found.server';
import { resultsPath } from '../../lib/results/race-path';
import { candidatePath, NATIONAL_LOCATION } from '../../lib/urls';
import { RACE_FIELDS, type RaceCandidate, type RacePlace } from './types';

type Place = { $id: string; name: string; slug: string };

/** The race's place as its office's level names it: a region, district or electoral area, or the nation. */
async function findPlace(request: Request, level: Office['level'], slug: string): Promise<(RacePlace & { $id: string | null }) | null> {
  if (level === 'national') return slug === NATIONAL_LOCATION ? { $id: null, name: null, slug, level } : null;
  const collection = ({ region: 'regions', district: 'districts', electoral_area: 'electoral_areas' } as const)[level];
  const place = await getBySlug<Place>(request, collection, slug, ['name', 'slug']);
  return place && { $id: place.$id, name: place.name, slug: place.slug, level };
}

/** Registered voters of every electoral area the race covers (null where an area has no figure). */
async function registeredVoters(request: Request, level: Office['level'], placeId: string | null): Promise<(number | null)[]> {
  const within = { national: [], region: [Query.equal('regionId', placeId ?? '')], district: [Query.equal('districtId', placeId ?? '')], electoral_area: [Query.equal('$id', placeId ?? '')] }[level];
  const areas = await listAll<Pick<ElectoralArea, '$id' | 'registeredVoters'>>(request, 'electoral_areas', [...within, Query.select(['$id', 'registeredVoters'])]);
  return areas.map((area) => area.registeredVoters ?? null);
}

const placeField = { national: null, region: 'regionId', district: 'districtId', electoral_area: 'electoralAreaId' } as const;

/** `/results/{election}/{office}/{place}`: one race, every candidate with their votes, and the figures around them. */
export async function loadResults(request: Request, params: { election: string; office: string; place: string }) {
  const [election, office] = await Promise.all([getBySlug<Election>(request, 'elections', params.election), getBySlug<Office>(request, 'offices', params.office)]);
  if (!election || !office) pageNotFound(request);
  const place = await findPlace(request, office.level, params.place);
  if (!place) pageNotFound(request);

  const field = placeField[office.level];
  const race = [Query.equal('electionId', election.$id), Query.equal('officeId', office.$id), ...(field ? [Query.equal(field, place.$id ?? '')] : [])];
  const [candidates, voters, parties] = await Promise.all([
    listAll<Candidate>(request, 'candidates', [...race, Query.select([...RACE_FIELDS])]),
    registeredVoters(request, office.level, place.$id),
    allParties(request),
  ]);
  const partyById = new Map(parties.map((party) => [party.$id, partyBadge(party)]));
  const location = place.level === 'national' ? NATIONAL_LOCATION : place.slug;
  const rows: RaceCandidate[] = candidates.map((candidate) => ({
    id: candidate.$id,
    name: candidate.name,
    href: candidatePath(candidate.$id, location),
    party: (candidate.partyId && partyById.get(candidate.partyId)) || null,
    votes: candidate.votes,
    status: candidate.status,
    updatedAt: candidate.$updatedAt,
  }));
  const canonical = resultsPath({ election, office, area: place, district: place, region: place }) ?? '';

  return {
    canonical,
    election: { id: election.$id, name: election.name, slug: election.slug, date: election.date, status: election.status },
    office: { id: office.$id, name: office.name, slug: office.slug, level: office.level, seats: office.seats ?? 1 },
    place: { id: place.$id, name: place.name, slug: place.slug, level: place.level },
    candidates: rows,
    registeredVoters: voters,
  };
}

export type ResultsData = Awaited<ReturnType<typeof loadResults>>;
