import { readPath, staticPaths, type PatternName } from '../../lib/urls';
import { MY_BALLOT_PATH } from '../../pages/my-ballot/paths';

/** The header's navigation, in order; each item names the section of the site it leads to. */
export const NAV_SECTIONS = ['myBallot', 'regions', 'districts', 'parties', 'calendar'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export const NAV_PATHS: Record<NavSection, string> = {
  myBallot: MY_BALLOT_PATH,
  regions: staticPaths.regions,
  districts: staticPaths.districts,
  parties: staticPaths.parties,
  calendar: staticPaths.calendar,
};

/**
 * Pages reached by walking down from a region. Their breadcrumbs start at "Regions", so that is the
 * section they belong to — even the `/districts/…` ones, which are not the all-districts list.
 */
const REGION_HIERARCHY: ReadonlySet<PatternName> = new Set<PatternName>([
  'region',
  'subregionsOfRegion',
  'districtsOfSubregion',
  'areasOfDistrict',
  'areasOfDistrictInSubregion',
  'districtCandidates',
  'candidatesOfArea',
  'candidate',
]);

/** How a navigation item relates to the page shown: it is the page, it holds the page, or neither. */
export type NavMatch = 'page' | 'section' | null;

/** Routes match case-insensitively (`/districts` renders the Districts page), so compare that way. */
function samePath(pathname: string, path: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === path.toLowerCase();
}

export function navMatch(section: NavSection, pathname: string): NavMatch {
  const own = NAV_PATHS[section];
  if (samePath(pathname, own)) return 'page';
  switch (section) {
    case 'regions':
      return readPath(pathname).some((reading) => REGION_HIERARCHY.has(reading.name)) ? 'section' : null;
    case 'myBallot':
      return pathname.toLowerCase().startsWith(`${MY_BALLOT_PATH}/`) ? 'section' : null;
    case 'parties':
      return readPath(pathname).some((reading) => reading.name === 'party') ? 'section' : null;
    default:
      return null;
  }
}
