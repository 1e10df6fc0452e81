import type { PartySummary, RegionSummary } from './events.server';

/** The records an event card names by id. */
export interface EventContext {
  regions: Map<string, RegionSummary>;
  parties: Map<string, PartySummary>;
}

export function eventContext(data: { regions: RegionSummary[]; parties: PartySummary[] }): EventContext {
  return {
    regions: new Map(data.regions.map((region) => [region.$id, region])),
    parties: new Map(data.parties.map((party) => [party.$id, party])),
  };
}
