import { describe, expect, it } from 'vitest';
import { countProgress, lastUpdated, leaderOf, shareOf, standings, turnoutOf, type RaceEntrant } from './race';

let serial = 0;
function entrant(name: string, votes: number | null, extra: Partial<RaceEntrant> = {}): RaceEntrant {
  serial++;
  return { id: `c${serial}`, name, votes, status: 'nominated', updatedAt: '2026-11-20T10:00:00.000Z', ...extra };
}

const names = (list: { candidate: RaceEntrant }[]) => list.map((standing) => standing.candidate.name);
const winners = (list: { candidate: RaceEntrant; winner: boolean }[]) => list.filter((standing) => standing.winner).map((standing) => standing.candidate.name);

describe('standings', () => {
  it('sorts by votes, most first, candidates without a count last, equal votes by name', () => {
    const ranked = standings([entrant('Zawadi', 10), entrant('Amina', null), entrant('Baraka', 30), entrant('Chloé', 10), entrant('Diallo', 0)], 1);
    expect(names(ranked)).toEqual(['Baraka', 'Chloé', 'Zawadi', 'Diallo', 'Amina']);
    expect(ranked.map((standing) => standing.percent)).toEqual([60, 20, 20, 0, null]);
    expect(winners(ranked)).toEqual(['Baraka']);
  });

  it('gives percents to 2 decimals that follow the votes', () => {
    const ranked = standings([entrant('A', 1), entrant('B', 1), entrant('C', 1)], 1);
    expect(ranked.map((standing) => standing.percent)).toEqual([33.33, 33.33, 33.33]);
    expect(shareOf(2, 3)).toBe(66.67);
    expect(shareOf(5, 0)).toBe(0);
  });

  it('marks nobody when the single seat is tied, and says so', () => {
    const ranked = standings([entrant('A', 50), entrant('B', 50), entrant('C', 10)], 1);
    expect(winners(ranked)).toEqual([]);
    expect(ranked.filter((standing) => standing.tiedForSeat).map((standing) => standing.candidate.name)).toEqual(['A', 'B']);
    expect(leaderOf(ranked)).toBeNull();
  });

  it('fills several seats, leaving out a tie for the last one', () => {
    const three = standings([entrant('A', 90), entrant('B', 80), entrant('C', 70), entrant('D', 60)], 3);
    expect(winners(three)).toEqual(['A', 'B', 'C']);
    const tiedLast = standings([entrant('A', 90), entrant('B', 70), entrant('C', 70), entrant('D', 10)], 2);
    expect(winners(tiedLast)).toEqual(['A']);
    expect(tiedLast.filter((standing) => standing.tiedForSeat).map((standing) => standing.candidate.name)).toEqual(['B', 'C']);
    const tieThatFits = standings([entrant('A', 90), entrant('B', 70), entrant('C', 70), entrant('D', 10)], 3);
    expect(winners(tieThatFits)).toEqual(['A', 'B', 'C']);
  });

  it('never elects a candidate without votes, or one who withdrew or was disqualified', () => {
    expect(winners(standings([entrant('A', null), entrant('B', null)], 1))).toEqual([]);
    expect(winners(standings([entrant('A', 0), entrant('B', 0)], 1))).toEqual([]);
    const withdrawn = standings([entrant('A', 90, { status: 'withdrawn' }), entrant('B', 40), entrant('C', 20)], 1);
    expect(names(withdrawn)[0]).toBe('A');
    expect(winners(withdrawn)).toEqual(['B']);
    expect(winners(standings([entrant('A', 5), entrant('B', 3)], 5))).toEqual(['A', 'B']);
  });

  it('names the leader when first place is not shared', () => {
    expect(leaderOf(standings([entrant('A', 1), entrant('B', 2)], 1))?.name).toBe('B');
    expect(leaderOf(standings([entrant('A', null)], 1))).toBeNull();
    expect(leaderOf(standings([], 1))).toBeNull();
  });
});

describe('turnoutOf', () => {
  it('sums the registered voters of every area of the race', () => {
    expect(turnoutOf(600, [1000, 500, 500])).toEqual({ cast: 600, registered: 2000, percent: 30, areasWithFigure: 3, areas: 3 });
  });

  it('has no turnout when an area lacks its figure, and says how many have it', () => {
    expect(turnoutOf(600, [1000, null, 500])).toEqual({ cast: 600, registered: null, percent: null, areasWithFigure: 2, areas: 3 });
    expect(turnoutOf(0, [])).toEqual({ cast: 0, registered: null, percent: null, areasWithFigure: 0, areas: 0 });
    expect(turnoutOf(10, [0])).toMatchObject({ registered: 0, percent: null });
  });
});

describe('countProgress and lastUpdated', () => {
  it('counts the candidates whose votes are in, and finds the latest change', () => {
    const list = [
      entrant('A', 3, { updatedAt: '2026-11-20T10:00:00.000Z' }),
      entrant('B', null, { updatedAt: '2026-11-20T11:30:00.000Z' }),
      entrant('C', 0, { updatedAt: '2026-11-20T09:00:00.000+00:00' }),
    ];
    expect(countProgress(list)).toEqual({ counted: 2, candidates: 3 });
    expect(lastUpdated(list)).toBe('2026-11-20T11:30:00.000Z');
    expect(lastUpdated([])).toBeNull();
  });
});
