/**
 * What pages and components know of a comparison; no server code, so the toggles and the tray
 * import it (the cookie's reading and writing is in selection.ts).
 */

/** A table of more than four columns no longer fits a phone's stacked view or an A4 page. */
export const MAX_COMPARED = 4;

/** Between ids in the cookie and in `?ids=` (ids never contain it). */
export const ID_SEPARATOR = ',';

/** The shareable address of a comparison. */
export function comparePath(ids: readonly string[]): string {
  return ids.length ? `/compare?ids=${ids.join(ID_SEPARATOR)}` : '/compare';
}

/**
 * The address search engines are given for a comparison: the same candidates in any order are one
 * comparison, so the ids are sorted.
 */
export function canonicalComparePath(ids: readonly string[]): string {
  return comparePath([...ids].sort());
}

/** One chosen candidate as the tray shows it. */
export interface CompareChoice {
  id: string;
  name: string;
}

/** What every page knows of the selection (root data): the chosen candidates and whether a pick was just refused. */
export interface CompareTrayData {
  choices: CompareChoice[];
  full: boolean;
}

export const EMPTY_TRAY: CompareTrayData = { choices: [], full: false };

/** Where the toggles and the tray post their changes. */
export const SELECTION_ACTION = '/compare/selection';

/** The form field that asks for `data` (a fetcher, no navigation) instead of a redirect back (a plain form). */
export const REPLY_FIELD = 'reply';

/** What the selection action answers a fetcher. */
export interface CompareSelectionReply {
  selection: string[];
  /** An addition was refused: MAX_COMPARED are already chosen. */
  full: boolean;
  invalid: boolean;
}
