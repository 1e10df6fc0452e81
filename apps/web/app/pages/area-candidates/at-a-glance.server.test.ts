import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartCandidate } from '../../lib/charts/ballot-figures';
import { areaGlance } from './at-a-glance.server';

const figureRequests: string[][] = [];

vi.mock('../../lib/charts/glance-candidates.server', () => ({
  candidatesForFigures: async (_request: Request, filters: string[]): Promise<ChartCandidate[]> => {
    figureRequests.push(filters);
    return [];
  },
  chartMessages: () => [],
  registeredVotersOf: async () => [],
}));
vi.mock('../../lib/charts/race-offices.server', async (original) => ({
  ...(await original<typeof import('../../lib/charts/race-offices.server')>()),
  raceOffices: async () => [
    { $id: 'o3', name: 'District Chief Executive', level: 'district', seats: 1, order: 3 },
    { $id: 'o5', name: 'Member of Parliament', level: 'electoral_area', seats: 1, order: 5 },
  ],
}));
vi.mock('../../lib/directory/candidates.server', () => ({
  allParties: async () => [],
  partyBadge: (party: { $id: string; name: string }) => ({ id: party.$id, name: party.name, abbreviation: party.name, colour: null }),
}));

const input = {
  area: { $id: 'ea1', name: 'Hatono', registeredVoters: 1200, pollingStations: 4 },
  district: { $id: 'd1', name: 'Ritoha' },
  election: { $id: 'e1', name: 'General election', status: 'ongoing' as const },
};
const request = new Request('http://site.test/');

describe('areaGlance', () => {
  beforeEach(() => {
    figureRequests.length = 0;
  });

  it('reads the area\'s and the district\'s candidates when the list counted few', async () => {
    const glance = await areaGlance(request, { ...input, listed: { inArea: 12, inDistrict: new Map([['o3', 5]]) } });
    expect(figureRequests).toHaveLength(2);
    expect(glance.candidates).toEqual({ total: 0, byParty: [], byGender: [{ gender: 'female', count: 0 }, { gender: 'male', count: 0 }] });
  });

  it('reads nothing when the list counted more candidates in the area, or in a district-wide race, than the figures are drawn for', async () => {
    for (const listed of [{ inArea: 201, inDistrict: new Map() }, { inArea: 3, inDistrict: new Map([['o3', 201]]) }]) {
      const glance = await areaGlance(request, { ...input, listed });
      expect(glance).toEqual({ messages: [], election: { name: 'General election' }, candidates: null, voters: { registered: 1200, pollingStations: 4, areas: 1, areasReporting: 1 }, race: null });
    }
    expect(figureRequests).toHaveLength(0);
  });

  it('counts only the district\'s offices towards the district part', async () => {
    await areaGlance(request, { ...input, listed: { inArea: 3, inDistrict: new Map([['o9', 900]]) } });
    expect(figureRequests).toHaveLength(2);
  });
});
