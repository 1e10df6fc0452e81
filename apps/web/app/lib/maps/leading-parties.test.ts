import { describe, expect, it } from 'vitest';
import { leadingPartyByPlace, mapParties, PATTERNS, type PlaceEntrant } from './leading-parties';

let next = 0;
const entrant = (placeId: string, partyId: string | null, votes: number | null, status = 'nominated'): PlaceEntrant => ({
  id: `c${++next}`,
  name: `Candidate ${next}`,
  votes,
  status,
  updatedAt: '2022-03-04T00:00:00.000Z',
  placeId,
  partyId,
});

describe('leadingPartyByPlace', () => {
  it("gives each place its top candidate's party", () => {
    const leaders = leadingPartyByPlace([entrant('d1', 'ppp', 120), entrant('d1', 'mdu', 300), entrant('d2', 'ppp', 50), entrant('d2', 'mdu', 10)]);
    expect(Object.fromEntries(leaders)).toEqual({ d1: 'mdu', d2: 'ppp' });
  });

  it('leaves a place neutral with no votes, a tie at the top, or an independent ahead', () => {
    const leaders = leadingPartyByPlace([
      entrant('none', 'ppp', null),
      entrant('none', 'mdu', 0),
      entrant('tie', 'ppp', 40),
      entrant('tie', 'mdu', 40),
      entrant('independent', null, 90),
      entrant('independent', 'ppp', 20),
    ]);
    expect(leaders.size).toBe(0);
  });
});

describe('mapParties', () => {
  const parties = [
    { $id: 'a', name: 'Alpha', abbreviation: 'A', colour: '#1b7f3b' },
    { $id: 'b', name: 'Beta', abbreviation: null, colour: 'not a colour' },
    { $id: 'c', name: 'Gamma', abbreviation: 'G', colour: '#ffe066' },
  ];

  it('keeps the leading parties in list order, each with its fixed pattern', () => {
    const mapped = mapParties(parties, ['c', 'a', 'c']);
    expect(mapped.map((party) => [party.id, party.pattern])).toEqual([
      ['a', PATTERNS[0]],
      ['c', PATTERNS[2]],
    ]);
  });

  it('draws marks that show on the colour, and a fallback for a malformed colour', () => {
    const [alpha, beta, gamma] = mapParties(parties, ['a', 'b', 'c']);
    expect(alpha!.ink).toBe('#ffffff');
    expect(gamma!.ink).toBe('#0f172a');
    expect(beta!.colour).toBe('#64748b');
    expect(new Set(mapParties(parties, ['a', 'b', 'c']).map((party) => party.pattern)).size).toBe(3);
  });
});
