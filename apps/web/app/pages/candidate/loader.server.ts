import { Query } from 'appwrite';
import { redirectToCanonical } from '../../lib/directory/canonical.server';
import { candidateRows, partyBadge } from '../../lib/directory/candidates.server';
import { CANDIDATE_ROW_FIELDS, type CandidateRowSource } from '../../lib/directory/candidate-row-source';
import { getById, listPage } from '../../lib/directory/query.server';
import { latestChange } from '../../lib/directory/latest-change.server';
import type { Candidate, District, Election, ElectoralArea, Office, Party, Region, Subregion } from '../../lib/directory/types';
import { pageNotFound } from '../../lib/not-found.server';
import { resultsPath, resultsWorthShowing } from '../../lib/results/race-path';
import { buildPath, candidatePath, NATIONAL_LOCATION, readPathAs } from '../../lib/urls';
import { safeWebUrl } from '../../lib/web-link';

const OTHERS_SHOWN = 24;

type Place = { name: string; slug: string };

function place(record: { name: string; slug: string } | null): Place | null {
  return record && { name: record.name, slug: record.slug };
}

/** The first reading of `{id}-from-{loc}` whose id is a candidate (ids may contain hyphens). */
async function findCandidate(request: Request, ref: string): Promise<Candidate | null> {
  for (const reading of readPathAs('candidate', `/candidate/${ref}`)) {
    const candidate = await getById<Candidate>(request, 'candidates', reading.candidate);
    if (candidate) return candidate;
  }
  return null;
}

function optional<T>(request: Request, collection: Parameters<typeof getById>[1], id: string | null, fields?: readonly string[]): Promise<T | null> {
  return id ? getById<T>(request, collection, id, fields) : Promise.resolve(null);
}

/** The page names and links the candidate's places; their boundaries (large) are not read. */
const PLACE_FIELDS = ['name', 'slug'];

/** Whole years between a date of birth and now (UTC, as the dates are stored). */
export function ageOn(dateOfBirth: string, now: Date): number | null {
  const born = new Date(dateOfBirth);
  if (Number.isNaN(born.getTime())) return null;
  let age = now.getUTCFullYear() - born.getUTCFullYear();
  const hadBirthday = now.getUTCMonth() > born.getUTCMonth() || (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() >= born.getUTCDate());
  if (!hadBirthday) age -= 1;
  return age >= 0 ? age : null;
}

/** `/candidate/{id}-from-{loc}`: unknown id → fatal 404; a wrong `{loc}` → 301 to the canonical URL. */
export async function loadCandidate(request: Request, ref: string) {
  const candidate = await findCandidate(request, ref);
  if (!candidate) pageNotFound(request);

  const [party, office, election, region, subregion, district, area, lastChange] = await Promise.all([
    optional<Party>(request, 'parties', candidate.partyId),
    optional<Office>(request, 'offices', candidate.officeId),
    optional<Election>(request, 'elections', candidate.electionId),
    optional<Region>(request, 'regions', candidate.regionId, PLACE_FIELDS),
    optional<Subregion>(request, 'subregions', candidate.subregionId, PLACE_FIELDS),
    optional<District>(request, 'districts', candidate.districtId, PLACE_FIELDS),
    optional<ElectoralArea>(request, 'electoral_areas', candidate.electoralAreaId, PLACE_FIELDS),
    latestChange(request, 'candidates', candidate.$id),
  ]);
  const location = area?.slug ?? district?.slug ?? region?.slug ?? NATIONAL_LOCATION;
  const canonical = candidatePath(candidate.$id, location);
  redirectToCanonical(request, canonical);

  const sameRace = [Query.equal('officeId', candidate.officeId), Query.equal('electionId', candidate.electionId)];
  if (area) sameRace.push(Query.equal('electoralAreaId', area.$id));
  else if (district) sameRace.push(Query.equal('districtId', district.$id));
  else if (region) sameRace.push(Query.equal('regionId', region.$id));
  const others = await listPage<CandidateRowSource>(request, 'candidates', [
    ...sameRace,
    Query.notEqual('$id', candidate.$id),
    Query.orderAsc('ballotNumber'),
    Query.orderAsc('name'),
    Query.select(CANDIDATE_ROW_FIELDS),
    Query.limit(OTHERS_SHOWN),
  ]);
  const otherRows = await candidateRows(request, others.items, { offices: office ? [office] : undefined });

  let raceHref: string | null = null;
  if (area && region) raceHref = buildPath('candidatesOfArea', { area: area.slug, region: region.slug });
  else if (district && office) raceHref = buildPath('districtCandidates', { office: office.slug, district: district.slug });
  else if (region) raceHref = buildPath('region', { region: region.slug });

  return {
    canonical,
    candidate: {
      id: candidate.$id,
      name: candidate.name,
      photoFileId: candidate.photoFileId || null,
      ballotNumber: candidate.ballotNumber,
      gender: candidate.gender,
      dateOfBirth: candidate.dateOfBirth,
      age: candidate.dateOfBirth ? ageOn(candidate.dateOfBirth, new Date()) : null,
      occupation: candidate.occupation,
      education: candidate.education,
      bio: candidate.bio,
      website: safeWebUrl(candidate.website),
      socialLinks: (candidate.socialLinks ?? []).map(safeWebUrl).filter((link): link is string => link !== null),
      status: candidate.status,
      votes: candidate.votes,
      votePercent: candidate.votePercent,
    },
    party: party && { ...partyBadge(party), logoFileId: party.logoFileId || null, href: buildPath('party', { party: party.$id }) },
    office: office && { name: office.name, slug: office.slug, level: office.level },
    election: election && { name: election.name, date: election.date, status: election.status },
    region: place(region),
    subregion: place(subregion),
    district: place(district),
    area: place(area),
    raceHref,
    resultsHref:
      election && office && resultsWorthShowing(election, [candidate.votes, ...others.items.map((other) => other.votes)])
        ? resultsPath({ election, office, region, district, area })
        : null,
    // Only when and where from: who made the change stays in the editors' history.
    lastUpdate: { at: lastChange?.at ?? candidate.$updatedAt, sourceUrl: safeWebUrl(lastChange?.sourceUrl) },
    others: { rows: otherRows, total: others.total, complete: others.total <= otherRows.length },
  };
}

export type CandidateData = Awaited<ReturnType<typeof loadCandidate>>;
