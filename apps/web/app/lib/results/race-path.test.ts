import { describe, expect, it } from 'vitest';
import { readPath } from '../urls';
import { resultsPath, resultsWorthShowing } from './race-path';

describe('resultsPath', () => {
  it('names the place the office level needs, and reads back as a results URL', () => {
    const base = { election: { slug: 'general-2026' }, region: { slug: 'Coast' }, district: { slug: 'Mvita' }, area: { slug: 'Old Town' } };
    expect(resultsPath({ ...base, office: { slug: 'MP', level: 'electoral_area' } })).toBe('/results/general-2026/MP/Old%20Town');
    expect(resultsPath({ ...base, office: { slug: 'DCE', level: 'district' } })).toBe('/results/general-2026/DCE/Mvita');
    expect(resultsPath({ ...base, office: { slug: 'President', level: 'national' } })).toBe('/results/general-2026/President/national');
    expect(resultsPath({ ...base, area: null, office: { slug: 'AM', level: 'electoral_area' } })).toBeNull();
    expect(readPath('/results/general-2026/MP/Old%20Town')).toEqual([{ name: 'results', params: { election: 'general-2026', office: 'MP', place: 'Old Town' } }]);
  });
});

describe('resultsWorthShowing', () => {
  const now = new Date('2026-12-01T15:00:00Z');
  it('links results once votes are in or on polling day', () => {
    expect(resultsWorthShowing({ status: 'concluded', date: '2021-01-14T00:00:00.000Z' }, [null, 120], now)).toBe(true);
    expect(resultsWorthShowing({ status: 'ongoing', date: '2026-11-30T00:00:00.000Z' }, [null], now)).toBe(true);
    expect(resultsWorthShowing({ status: 'upcoming', date: '2026-12-01T00:00:00.000+00:00' }, [], now)).toBe(true);
    expect(resultsWorthShowing({ status: 'upcoming', date: '2027-01-10T00:00:00.000Z' }, [null, null], now)).toBe(false);
  });
});
