/**
 * What a drawn map carries from the loader to the page: finished SVG path data, so the browser
 * never needs d3-geo or the boundaries themselves (maps cost no JavaScript).
 */

/** One place on a map: its outline in the map's own pixels. */
export interface MapShape {
  id: string;
  name: string;
  /** Where the place's page is; null draws it without a link (a locator map). */
  href: string | null;
  /** SVG path data, whole pixels. */
  d: string;
  /** The party leading the place's race, when results colour the map. */
  leadingPartyId: string | null;
  /** Where the place's name is written on the map (maps of a few places only), else null. */
  labelAt: [number, number] | null;
}

/** A hatching, dot or line pattern laid over a party's colour, so colour is never the only cue. */
export type PatternName = 'diagonal' | 'dots' | 'horizontal' | 'crosshatch' | 'vertical' | 'backDiagonal' | 'grid' | 'rings';

export interface MapParty {
  id: string;
  name: string;
  abbreviation: string | null;
  colour: string;
  /** White or near-black: whichever shows on `colour`, for the pattern's marks. */
  ink: string;
  pattern: PatternName;
}

/** The race that colours a map: which election and office, and every party that leads somewhere. */
export interface MapResults {
  election: string;
  office: string;
  parties: MapParty[];
}

export interface PlaceMapData {
  /** `0 0 width height`. */
  viewBox: string;
  shapes: MapShape[];
  /** The parent place's outline (the region around its districts), drawn over the shapes. */
  outline: string | null;
  /** The place the page is about, highlighted (a locator map's area). */
  currentId: string | null;
  results: MapResults | null;
}
