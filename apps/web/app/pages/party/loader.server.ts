import { Query } from 'appwrite';
import { redirect } from 'react-router';
import { pageFromRequest } from '../../components/ui/pagination';
import { findBySlug, matchSlug } from '../../lib/directory/canonical.server';
import { allOffices, chosenElection, officeGroups } from '../../lib/directory/candidates.server';
import { groupedCandidatePage, type GroupSpec } from '../../lib/directory/grouped-page.server';
import { getById, listAll } from '../../lib/directory/query.server';
import type { Office, Party, Region } from '../../lib/directory/types';
import { pageNotFound } from '../../lib/not-found.server';
import { buildPath } from '../../lib/urls';
import { safeWebUrl } from '../../lib/web-link';
import { partyGlance } from './at-a-glance.server';

/** The party named by the URL: its id (canonical), or its slug, which is redirected to the id. */
async function findParty(request: Request, ref: string): Promise<Party> {
  const party = await getById<Party>(request, 'parties', ref);
  if (party) return party;
  const bySlug = await findBySlug<Party>(request, 'parties', ref, ['name']);
  if (!bySlug) pageNotFound(request);
  const url = new URL(request.url);
  throw redirect(`${buildPath('party', { party: bySlug.$id })}${url.search}`, 301);
}

/** `/political-parties/{id}`: the profile and its candidates, filtered by `?region=` and `?office=` (slugs). */
export async function loadParty(request: Request, ref: string) {
  const party = await findParty(request, ref);
  const [offices, regions, choice] = await Promise.all([
    allOffices(request),
    listAll<Region>(request, 'regions', [Query.orderAsc('order'), Query.orderAsc('name'), Query.select(['$id', 'name', 'slug'])]),
    chosenElection(request),
  ]);
  const search = new URL(request.url).searchParams;
  const region = matchSlug(regions, search.get('region') ?? '');
  const office = matchSlug(offices, search.get('office') ?? '');
  const page = pageFromRequest(request);

  const election = choice.election;
  const groups: GroupSpec<Office>[] = election
    ? (office ? [office] : offices).map((shown) => ({
        key: shown,
        queries: [
          Query.equal('partyId', party.$id),
          Query.equal('electionId', election.$id),
          Query.equal('officeId', shown.$id),
          ...(region ? [Query.equal('regionId', region.$id)] : []),
        ],
      }))
    : [];
  const [grouped, glance] = await Promise.all([groupedCandidatePage(request, groups, page), partyGlance(request, { partyId: party.$id, election, regions })]);
  if (!grouped) pageNotFound(request);

  return {
    party: {
      id: party.$id,
      name: party.name,
      abbreviation: party.abbreviation,
      colour: party.colour,
      logoFileId: party.logoFileId || null,
      founded: party.founded,
      leader: party.leader,
      headquarters: party.headquarters,
      ideology: party.ideology,
      website: safeWebUrl(party.website),
      description: party.description,
    },
    canonical: buildPath('party', { party: party.$id }),
    election,
    electionChoice: { elections: choice.elections, defaultSlug: choice.defaultSlug, value: choice.value },
    regions: regions.map((each) => ({ name: each.name, slug: each.slug })),
    offices: offices.map((each) => ({ name: each.name, slug: each.slug })),
    filters: { region: region?.slug ?? '', office: office?.slug ?? '' },
    groups: await officeGroups(request, grouped, { offices, parties: [party] }),
    page,
    pageCount: grouped.pageCount,
    total: grouped.total,
    /** Its candidates per region in the chosen election, whatever the filters; null without an election. */
    glance,
  };
}

export type PartyData = Awaited<ReturnType<typeof loadParty>>;
