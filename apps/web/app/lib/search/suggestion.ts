/** One entry of the header search box's list of suggestions. */
export interface Suggestion {
  type: 'candidates' | 'parties' | 'regions' | 'subregions' | 'districts' | 'electoral_areas';
  id: string;
  label: string;
  /** A short context line: the place a candidate stands in, a party's abbreviation, a region. */
  detail: string | null;
  href: string;
}
