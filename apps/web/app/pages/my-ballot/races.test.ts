import { describe, expect, it } from 'vitest';
import type { CandidateRow } from '../../lib/directory/candidate-rows';
import type { Office } from '../../lib/directory/types';
import { ballotText, printBallotPath } from './print-text';
import { racesOf } from './races';

const office = (id: string, name: string, level: Office['level']) => ({ $id: id, name, slug: id, level, seats: 1, order: null, description: null }) as unknown as Office;
const offices = [office('president', 'President', 'national'), office('mp', 'Member of Parliament', 'electoral_area'), office('am', 'Assembly Member', 'electoral_area')];

function row(id: string, ballotNumber: number | null, partyId: string | null): CandidateRow {
  const party = partyId ? { id: partyId, name: `Party ${partyId}`, abbreviation: partyId, colour: '#116633' } : null;
  return { id, name: `Candidate ${id}`, href: `/candidate/${id}-from-x`, photoFileId: null, party, office: '', place: null, ballotNumber, status: 'nominated', votes: null, votePercent: null };
}

describe('racesOf', () => {
  const sources = [{ officeId: 'mp' }, { officeId: 'president' }, { officeId: 'mp' }, { officeId: 'mp' }];
  const rows = [row('c', 3, 'p1'), row('p', 1, null), row('a', 1, 'p2'), row('b', null, 'p1')];
  const races = racesOf(sources, rows, offices, { p1: { logoFileId: 'logo-1' } });

  it('orders races as the offices are ordered and leaves out offices nobody stands for', () => {
    expect(races.map((race) => race.office.slug)).toEqual(['president', 'mp']);
  });

  it('lists candidates by ballot number, those without one last, with their party’s logo', () => {
    const mp = races[1]!;
    expect(mp.candidates.map((candidate) => [candidate.id, candidate.partyLogoFileId])).toEqual([['a', null], ['c', 'logo-1'], ['b', 'logo-1']]);
  });

  it('prints as one paragraph per race and one line per candidate', () => {
    const text = ballotText({ title: 'My ballot', intro: 'Kalenga, Daø', races, whereOf: (race) => (race.office.level === 'national' ? 'Whole country' : 'Kalenga'), independent: 'Independent' });
    expect(text).toBe(
      ['Kalenga, Daø', 'President (Whole country)\n1. Candidate p (Independent)', 'Member of Parliament (Kalenga)\n1. Candidate a (Party p2)\n3. Candidate c (Party p1)\n–. Candidate b (Party p1)'].join('\n\n'),
    );
    const link = new URL(printBallotPath('My ballot', text), 'http://site.test');
    expect([link.pathname, link.searchParams.get('kind'), link.searchParams.get('text')]).toEqual(['/convertToPdf', 'text', text]);
  });
});
