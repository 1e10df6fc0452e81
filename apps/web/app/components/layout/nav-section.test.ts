import { describe, expect, it } from 'vitest';
import { navMatch, NAV_SECTIONS, type NavSection } from './nav-section';

/** The sections an item is current for on `pathname`, with how. */
function current(pathname: string): Partial<Record<NavSection, string>> {
  return Object.fromEntries(NAV_SECTIONS.flatMap((section) => {
    const match = navMatch(section, pathname);
    return match ? [[section, match]] : [];
  }));
}

describe('which navigation item is current', () => {
  it('each list is its own page, in any case and with a trailing slash', () => {
    expect(current('/Regions')).toEqual({ regions: 'page' });
    expect(current('/Districts')).toEqual({ districts: 'page' });
    expect(current('/districts/')).toEqual({ districts: 'page' });
    expect(current('/political-parties')).toEqual({ parties: 'page' });
    expect(current('/eventCalendar')).toEqual({ calendar: 'page' });
    expect(current('/my-ballot')).toEqual({ myBallot: 'page' });
  });

  it('a ballot is in My ballot', () => {
    expect(current('/my-ballot/kalenga/2027-general-election')).toEqual({ myBallot: 'section' });
  });

  it('the /districts/… hierarchy pages belong to Regions, not Districts', () => {
    expect(current('/districts/Mayor-Candidates-of-Kalenga')).toEqual({ regions: 'section' });
    expect(current('/districts/Districts-in-Upper-Vale-sub-region-of-Northern')).toEqual({ regions: 'section' });
    expect(current('/districts/Electoral-Area-in-Kalenga-in-Upper-Vale-sub-region-of-Northern')).toEqual({ regions: 'section' });
  });

  it('region, area and candidate pages are in Regions; a party page in Parties', () => {
    expect(current('/Northern-region')).toEqual({ regions: 'section' });
    expect(current('/Sub-regions-in-Northern')).toEqual({ regions: 'section' });
    expect(current('/ElectoralArea-in-Kalenga')).toEqual({ regions: 'section' });
    expect(current('/Mbeya-Town-candidates-of-the-Northern-region')).toEqual({ regions: 'section' });
    expect(current('/candidate/abc123-from-Kalenga')).toEqual({ regions: 'section' });
    expect(current('/political-parties/p1')).toEqual({ parties: 'section' });
  });

  it('other pages mark nothing', () => {
    for (const path of ['/', '/About', '/search', '/Contact', '/compare', '/results/e/o/national']) expect(current(path), path).toEqual({});
  });
});
