/**
 * What an export PDF shows, as plain data: the loaders build it from the API, the renderer draws
 * it, and neither knows about the other. Pictures are already-fetched PNG or JPEG bytes.
 */

export const LANGUAGES = ['en', 'fr', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface PartyBadge {
  name: string;
  abbreviation: string;
  /** `#rrggbb`. */
  colour: string;
  /** One Uint8Array per party, shared by its rows, so the PDF embeds each logo once. */
  logo: Uint8Array | null;
}

export interface CandidateRow {
  ballotNumber: number | null;
  name: string;
  /** Null for an independent candidate. */
  party: PartyBadge | null;
  office: string;
  photo: Uint8Array | null;
}

/** The candidates of one place (an electoral area, a district, a region) standing for one office. */
export interface PlaceGroup {
  place: string;
  rows: CandidateRow[];
}

export interface OfficeGroup {
  office: string;
  places: PlaceGroup[];
}

export interface EventRow {
  /** Already formatted in the export's language. */
  when: string;
  title: string;
  kind: string;
  location: string;
}

export interface MonthGroup {
  /** Already formatted, e.g. "March 2027". */
  month: string;
  events: EventRow[];
}

export type ExportBody =
  | { kind: 'candidates'; offices: OfficeGroup[] }
  | { kind: 'events'; months: MonthGroup[] }
  | { kind: 'text'; paragraphs: string[] };

export interface ExportDocument {
  language: Language;
  brand: string;
  title: string;
  /** Lines under the title: the election, the place's parents, a count. */
  subtitle: string[];
  generatedAt: Date;
  /** The site page the export came from. */
  sourceUrl: string;
  body: ExportBody;
}

/** Every candidate row of a candidates body, in export order. */
export function candidateRows(offices: readonly OfficeGroup[]): CandidateRow[] {
  return offices.flatMap((office) => office.places.flatMap((place) => place.rows));
}
