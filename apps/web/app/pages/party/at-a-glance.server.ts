import { Query } from 'appwrite';
import { chartMessages } from '../../lib/charts/glance-candidates.server';
import { countOf } from '../../lib/directory/query.server';
import type { RouteMessages } from '../../lib/route-messages';

export interface PartyRegionsGlance {
  messages: RouteMessages[];
  election: { name: string };
  regions: { name: string; count: number }[];
  /** Candidates for national offices, who stand in no region. */
  national: number;
}

/**
 * The party's candidates per region in one election: a count per region plus one for the whole
 * election, in parallel (regions are few; each count stays exact up to the API's cap at any size
 * of data, where listing the party's candidates would not). Null without an election.
 */
export async function partyGlance(
  request: Request,
  { partyId, election, regions }: { partyId: string; election: { $id: string; name: string } | null; regions: readonly { $id: string; name: string }[] },
): Promise<PartyRegionsGlance | null> {
  if (!election) return null;
  const ofParty = [Query.equal('partyId', partyId), Query.equal('electionId', election.$id)];
  const [total, ...perRegion] = await Promise.all([
    countOf(request, 'candidates', ofParty),
    ...regions.map((region) => countOf(request, 'candidates', [...ofParty, Query.equal('regionId', region.$id)])),
  ]);
  const inRegions = perRegion.reduce((sum, count) => sum + count, 0);
  return {
    messages: chartMessages(request),
    election: { name: election.name },
    regions: regions.map((region, index) => ({ name: region.name, count: perRegion[index] ?? 0 })),
    national: Math.max(0, (total ?? 0) - inRegions),
  };
}
