import { Query } from 'appwrite';
import { allParties, PARTY_BADGE_FIELDS } from '../../lib/directory/candidates.server';
import { currentElection } from '../../lib/directory/current-election.server';
import { countOf } from '../../lib/directory/query.server';
import { buildPath } from '../../lib/urls';

/** `/political-parties`: every party with its candidate count in the current election. */
export async function loadParties(request: Request) {
  const [parties, election] = await Promise.all([allParties(request, [...PARTY_BADGE_FIELDS, 'leader', 'founded', 'logoFileId']), currentElection(request)]);
  const counts = await Promise.all(
    parties.map((party) => (election ? countOf(request, 'candidates', [Query.equal('partyId', party.$id), Query.equal('electionId', election.$id)]) : Promise.resolve(0))),
  );
  return {
    election: election && { name: election.name },
    parties: parties.map((party, index) => ({
      id: party.$id,
      name: party.name,
      abbreviation: party.abbreviation,
      colour: party.colour,
      logoFileId: party.logoFileId || null,
      leader: party.leader,
      founded: party.founded,
      href: buildPath('party', { party: party.$id }),
      candidates: counts[index] ?? 0,
    })),
  };
}

export type PartiesData = Awaited<ReturnType<typeof loadParties>>;
