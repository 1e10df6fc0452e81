import type { SaveProblem } from '../../../lib/console/api-errors';

export interface Choice {
  slug: string;
  name: string;
}

export interface EntryRow {
  id: string;
  name: string;
  party: string | null;
  ballotNumber: number | null;
  votes: number | null;
}

/** The results-entry screen: what can be chosen, what is chosen, and the chosen race's candidates. */
export interface ResultsEntryData {
  elections: Choice[];
  offices: (Choice & { level: string })[];
  /** The places of the chosen office's level (none for a national office or before an office is chosen). */
  places: Choice[];
  chosen: { election: string; office: string; place: string };
  /** Null until a whole race is chosen. */
  race: { rows: EntryRow[]; publicHref: string | null } | null;
}

/** Why one row was not saved. */
export type RowProblem = { kind: 'invalid' } | { kind: 'conflict'; current: number | null } | { kind: 'api'; message: string };

export type ResultsEntryResult =
  | { ok: true; saved: number }
  | { ok: false; saved: number; rows: Record<string, RowProblem>; problem: SaveProblem | null; values: Record<string, string>; source: string };

/** Form field names of one row: the votes typed, and the votes the page showed when it was opened. */
export const votesField = (id: string) => `votes:${id}`;
export const shownField = (id: string) => `shown:${id}`;

/** A votes field as a count: '' is no count yet; anything but a whole number ≥ 0 is invalid (undefined). */
export function parseVotes(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= 2_147_483_647 ? value : undefined;
}
