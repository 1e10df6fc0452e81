import { describe, expect, it } from 'vitest';
import type { PartyBadge } from '../directory/candidate-rows';
import { candidateFigures, candidatesPerParty, genderBalance, mainRace, raceFigures, voterFigures, type ChartCandidate } from './ballot-figures';

const PPP: PartyBadge = { id: 'p1', name: "People's Progressive Party", abbreviation: 'PPP', colour: '#1b7f3b' };
const MDU: PartyBadge = { id: 'p2', name: 'Mouvement Démocratique Uni', abbreviation: 'MDU', colour: '#c0392b' };
const PARTIES = [PPP, MDU];

let serial = 0;
function candidate(overrides: Partial<ChartCandidate> = {}): ChartCandidate {
  serial++;
  return { $id: `c${serial}`, $updatedAt: '2026-11-20T10:00:00.000Z', name: `Candidate ${serial}`, partyId: 'p1', gender: 'female', officeId: 'mp', votes: null, status: 'nominated', ...overrides };
}

const MP = { id: 'mp', name: 'Member of Parliament', seats: 1 };
const AM = { id: 'am', name: 'Assembly Member', seats: 1 };

describe('figures of an empty area', () => {
  it('has no candidates to draw, women and men at zero, and no race', () => {
    expect(candidateFigures([], PARTIES)).toEqual({ total: 0, byParty: [], byGender: [{ gender: 'female', count: 0 }, { gender: 'male', count: 0 }] });
    expect(mainRace([], [MP, AM])).toBeNull();
    expect(voterFigures([{ registeredVoters: null, pollingStations: null }])).toEqual({ registered: null, pollingStations: null, areas: 1, areasReporting: 0 });
  });
});

describe('figures before any result', () => {
  const ballot = [
    candidate({ partyId: 'p2', gender: 'male' }),
    candidate({ partyId: 'p1' }),
    candidate({ partyId: 'p2', gender: 'undisclosed' }),
    candidate({ partyId: '', gender: null }),
    candidate({ partyId: 'gone', gender: 'other', officeId: 'am' }),
  ];

  it('counts candidates per party, most first, independents (and unknown parties) last', () => {
    expect(candidatesPerParty(ballot, PARTIES)).toEqual([
      { party: MDU, count: 2 },
      { party: PPP, count: 1 },
      { party: null, count: 2 },
    ]);
  });

  it('orders parties with equal counts by name', () => {
    expect(candidatesPerParty([candidate({ partyId: 'p2' }), candidate({ partyId: 'p1' })], PARTIES).map((entry) => entry.party?.abbreviation)).toEqual(['MDU', 'PPP']);
  });

  it('counts genders, with "undisclosed" and missing as not stated', () => {
    expect(genderBalance(ballot)).toEqual([
      { gender: 'female', count: 1 },
      { gender: 'male', count: 1 },
      { gender: 'other', count: 1 },
      { gender: 'unstated', count: 2 },
    ]);
  });

  it('has no main race while no votes are in', () => {
    expect(mainRace(ballot, [MP, AM])).toBeNull();
  });
});

describe('figures after an election', () => {
  const ballot = [
    candidate({ officeId: 'am', votes: 10 }),
    candidate({ officeId: 'mp', votes: 300, partyId: 'p1', name: 'Amina' }),
    candidate({ officeId: 'mp', votes: 100, partyId: 'p2', name: 'Baraka' }),
    candidate({ officeId: 'mp', votes: null, partyId: '', name: 'Chloé', status: 'withdrawn' }),
  ];

  it('takes the first office in ballot order that has votes as the main race', () => {
    expect(mainRace(ballot, [MP, AM])?.office).toBe(MP);
    expect(mainRace(ballot, [AM, MP])?.office).toBe(AM);
    expect(mainRace(ballot, [MP])?.candidates.map((each) => each.name)).toEqual(['Amina', 'Baraka', 'Chloé']);
  });

  it('ranks the race and counts its turnout against the registered voters', () => {
    const race = raceFigures(mainRace(ballot, [MP])!, { place: 'Kalenga', concluded: true, registeredVoters: [1000], parties: PARTIES });
    expect(race.standings.map((standing) => [standing.name, standing.party?.abbreviation ?? null, standing.votes, standing.percent, standing.winner])).toEqual([
      ['Amina', 'PPP', 300, 75, true],
      ['Baraka', 'MDU', 100, 25, false],
      ['Chloé', null, null, null, false],
    ]);
    expect(race.turnout).toEqual({ cast: 400, registered: 1000, percent: 40, areasWithFigure: 1, areas: 1 });
    expect(race).toMatchObject({ office: 'Member of Parliament', place: 'Kalenga', seats: 1, concluded: true });
  });

  it('counts a several-seat race\'s ballots as its votes divided by its seats, over every area it covers', () => {
    const council = { id: 'council', name: 'Council', seats: 2 };
    const votes = [candidate({ officeId: 'council', votes: 500 }), candidate({ officeId: 'council', votes: 400 }), candidate({ officeId: 'council', votes: 100 })];
    const race = raceFigures({ office: council, candidates: votes }, { place: 'Mvita', concluded: false, registeredVoters: [600, 400], parties: PARTIES });
    expect(race.turnout).toMatchObject({ cast: 500, registered: 1000, percent: 50 });
    expect(race.standings.filter((standing) => standing.winner)).toHaveLength(2);
  });

  it('leaves turnout unknown when an area lacks its registered voters', () => {
    const race = raceFigures(mainRace(ballot, [MP])!, { place: 'Mvita', concluded: true, registeredVoters: [1000, null], parties: PARTIES });
    expect(race.turnout).toMatchObject({ cast: 400, registered: null, percent: null, areasWithFigure: 1, areas: 2 });
  });
});

describe('voterFigures', () => {
  it('sums the areas that report, and says how many do', () => {
    expect(voterFigures([
      { registeredVoters: 1000, pollingStations: 4 },
      { registeredVoters: 500, pollingStations: null },
      { registeredVoters: null, pollingStations: 2 },
    ])).toEqual({ registered: 1500, pollingStations: 6, areas: 3, areasReporting: 1 });
  });
});
